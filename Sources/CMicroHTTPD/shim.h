#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

// libmicrohttpd's declarations, plus wrappers: the daemon's start and its information are
// variadic C functions (MHD_start_daemon, MHD_get_daemon_info), which Swift cannot call; and
// a Unix socket's address, which Swift cannot fill without copying into a fixed-size array.
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>
#include <microhttpd.h>

// Starts a daemon with the options ShareServer sets. It listens on `listenSocket` when that is
// not -1 (a socket already bound and listening, such as a Unix socket: the daemon owns it from
// then on), else on `host` (an IPv4 or IPv6 address, not a name) and `port` (0: one the kernel
// picks). With `tlsKey` and `tlsCert` (PEM text, both or neither) it speaks HTTPS through
// GnuTLS. `notify` hears of each connection's start and end; `perAddressLimit` (0: none) is
// the most connections one IP address may hold (a unix socket's peers are not counted). NULL
// when `host` is not an address or the daemon cannot start (errno says why).
static inline struct MHD_Daemon *_Nullable cmicrohttpd_start(
    unsigned int flags, int listenSocket, const char *_Nullable host, uint16_t port,
    const char *_Nullable tlsKey, const char *_Nullable tlsCert,
    MHD_AccessHandlerCallback _Nonnull handler, void *_Nullable handlerContext,
    MHD_RequestCompletedCallback _Nonnull completed, void *_Nullable completedContext,
    MHD_NotifyConnectionCallback _Nonnull notify, void *_Nullable notifyContext,
    unsigned int connectionLimit, unsigned int perAddressLimit, unsigned int connectionTimeout,
    size_t connectionMemory) {
  struct sockaddr_in address4;
  struct sockaddr_in6 address6;
  struct MHD_OptionItem options[12];
  int count = 0;
  memset(&address4, 0, sizeof address4);
  memset(&address6, 0, sizeof address6);
  if (listenSocket >= 0) {
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_LISTEN_SOCKET, listenSocket, NULL};
  } else if (host != NULL && inet_pton(AF_INET, host, &address4.sin_addr) == 1) {
    address4.sin_family = AF_INET;
    address4.sin_port = htons(port);
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, &address4};
  } else if (host != NULL && inet_pton(AF_INET6, host, &address6.sin6_addr) == 1) {
    address6.sin6_family = AF_INET6;
    address6.sin6_port = htons(port);
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, &address6};
    flags |= MHD_USE_IPv6;
  } else {
    errno = EINVAL;
    return NULL;
  }
  if ((tlsKey == NULL) != (tlsCert == NULL)) {
    errno = EINVAL;
    return NULL;
  }
  if (tlsKey != NULL) {
    flags |= MHD_USE_TLS;
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)tlsKey};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)tlsCert};
  }
  options[count++] = (struct MHD_OptionItem){
      MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completedContext};
  options[count++] =
      (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)notify, notifyContext};
  options[count++] =
      (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, (intptr_t)connectionLimit, NULL};
  options[count++] = (struct MHD_OptionItem){
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)perAddressLimit, NULL};
  options[count++] =
      (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)connectionTimeout, NULL};
  if (connectionMemory > 0) {
    options[count++] = (struct MHD_OptionItem){
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)connectionMemory, NULL};
  }
  options[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
  return MHD_start_daemon(
      flags, listenSocket >= 0 ? 0 : port, NULL, NULL, handler, handlerContext,
      MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

// Fills `address` with `path`; -1 (errno ENAMETOOLONG) when the path is longer than a socket
// address holds.
static inline int cmicrohttpd_unix_address(struct sockaddr_un *_Nonnull address,
                                           const char *_Nonnull path) {
  memset(address, 0, sizeof *address);
  address->sun_family = AF_UNIX;
  if (strlen(path) >= sizeof address->sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(address->sun_path, path);
  return 0;
}

// Makes a Unix stream socket at `path` with `mode` (0600: this user only), listening; -1 with errno set when it
// cannot (ENAMETOOLONG for a path longer than a socket address holds, EEXIST when something is
// at `path` already: it is never replaced). The socket is bound in a fresh 0700 directory
// beside `path` (`directoryTemplate`, ending in XXXXXX, is that directory's name), given its
// mode there, where no one else can reach it, then linked into place and the directory
// removed: no other process can connect before the mode is set, and no path is followed twice.
static inline int cmicrohttpd_unix_listener(const char *_Nonnull path,
                                            char *_Nonnull directoryTemplate, mode_t mode,
                                            int backlog) {
  struct sockaddr_un address;
  char inner[sizeof address.sun_path + 8];
  if (strlen(directoryTemplate) + 3 >= sizeof address.sun_path ||
      cmicrohttpd_unix_address(&address, path) != 0) {
    errno = ENAMETOOLONG;
    return -1;
  }
  if (mkdtemp(directoryTemplate) == NULL) return -1;
  snprintf(inner, sizeof inner, "%s/s", directoryTemplate);
  cmicrohttpd_unix_address(&address, inner);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int failed = fd < 0 || bind(fd, (const struct sockaddr *)&address, sizeof address) != 0 ||
               chmod(inner, mode) != 0 || listen(fd, backlog) != 0 || link(inner, path) != 0;
  int saved = errno;
  unlink(inner);
  rmdir(directoryTemplate);
  if (failed) {
    if (fd >= 0) close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

// Whether something listens on the Unix socket at `path`: 1 yes, 0 no one (connection
// refused: a socket left by a process that ended), -1 it cannot be told (errno says why).
static inline int cmicrohttpd_unix_socket_is_live(const char *_Nonnull path) {
  struct sockaddr_un address;
  if (cmicrohttpd_unix_address(&address, path) != 0) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int result = connect(fd, (const struct sockaddr *)&address, sizeof address);
  int saved = errno;
  close(fd);
  if (result == 0) return 1;
  errno = saved;
  return saved == ECONNREFUSED ? 0 : -1;
}

// The port the daemon listens on (the one the kernel picked for port 0); 0 if unknown.
static inline uint16_t cmicrohttpd_port(struct MHD_Daemon *_Nonnull daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

// The socket of a connection; -1 if unknown.
static inline int cmicrohttpd_connection_socket(struct MHD_Connection *_Nonnull connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

// Cuts a connection off: its socket is shut down both ways, so that the daemon's next turn
// reads its end and closes it (libmicrohttpd 0.9 has no call to close a connection it is not
// serving). `socket` is the connection's own, from cmicrohttpd_connection_socket.
static inline void cmicrohttpd_cut(int socket) { shutdown(socket, SHUT_RDWR); }

// The epoll descriptor of a daemon started with MHD_USE_EPOLL and no thread of its own: readable
// when MHD_run has work. -1 if unknown.
static inline int cmicrohttpd_epoll_descriptor(struct MHD_Daemon *_Nonnull daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
  return info == NULL ? -1 : info->epoll_fd;
}

#endif
