#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

// libmicrohttpd's declarations, plus two wrappers: the daemon's start and its information are
// variadic C functions (MHD_start_daemon, MHD_get_daemon_info), which Swift cannot call.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

// Starts a daemon bound to `host` (an IPv4 or IPv6 address, not a name) and `port` (0: one the
// kernel picks), with the options ShareServer sets; NULL when `host` is not an address or the
// daemon cannot start (errno says why).
static inline struct MHD_Daemon *_Nullable cmicrohttpd_start(
    unsigned int flags, const char *_Nonnull host, uint16_t port,
    MHD_AccessHandlerCallback _Nonnull handler, void *_Nullable handlerContext,
    MHD_RequestCompletedCallback _Nonnull completed, void *_Nullable completedContext,
    unsigned int connectionLimit, unsigned int connectionTimeout) {
  struct sockaddr_in address4;
  struct sockaddr_in6 address6;
  const struct sockaddr *address;
  memset(&address4, 0, sizeof address4);
  memset(&address6, 0, sizeof address6);
  if (inet_pton(AF_INET, host, &address4.sin_addr) == 1) {
    address4.sin_family = AF_INET;
    address4.sin_port = htons(port);
    address = (const struct sockaddr *)&address4;
  } else if (inet_pton(AF_INET6, host, &address6.sin6_addr) == 1) {
    address6.sin6_family = AF_INET6;
    address6.sin6_port = htons(port);
    address = (const struct sockaddr *)&address6;
    flags |= MHD_USE_IPv6;
  } else {
    return NULL;
  }
  return MHD_start_daemon(
      flags, port, NULL, NULL, handler, handlerContext, MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext, MHD_OPTION_CONNECTION_LIMIT,
      connectionLimit, MHD_OPTION_CONNECTION_TIMEOUT, connectionTimeout, MHD_OPTION_END);
}

// The port the daemon listens on (the one the kernel picked for port 0); 0 if unknown.
static inline uint16_t cmicrohttpd_port(struct MHD_Daemon *_Nonnull daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

// The epoll descriptor of a daemon started with MHD_USE_EPOLL and no thread of its own: readable
// when MHD_run has work. -1 if unknown.
static inline int cmicrohttpd_epoll_descriptor(struct MHD_Daemon *_Nonnull daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
  return info == NULL ? -1 : info->epoll_fd;
}

#endif
