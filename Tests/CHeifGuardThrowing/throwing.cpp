// Stand-ins for libheif's functions that throw (see cheif_guard_throwing.h). They return what
// libheif returns, a struct of the layout of `struct heif_error`, but never do.
#include "cheif_guard_throwing.h"

#include <cstddef>
#include <new>
#include <system_error>

namespace {

struct error_layout {
  int code;
  int subcode;
  const char *message;
};

void raise(cheif_guard_thrown thrown) {
  switch (thrown) {
    case cheif_guard_throws_bad_alloc:
      throw std::bad_alloc();
    case cheif_guard_throws_system_error:
      throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
    case cheif_guard_throws_integer:
      throw 42;
  }
}

template <cheif_guard_thrown Thrown>
error_layout read(void *, const void *, std::size_t, const void *) {
  raise(Thrown);
  return error_layout{0, 0, nullptr};
}

error_layout primary_handle(void *, void **) {
  raise(cheif_guard_throws_bad_alloc);
  return error_layout{0, 0, nullptr};
}

error_layout decode(const void *, void **, int, int, const void *) {
  raise(cheif_guard_throws_system_error);
  return error_layout{0, 0, nullptr};
}

}  // namespace

extern "C" void *cheif_guard_throwing_read(cheif_guard_thrown thrown) {
  switch (thrown) {
    case cheif_guard_throws_bad_alloc:
      return reinterpret_cast<void *>(&read<cheif_guard_throws_bad_alloc>);
    case cheif_guard_throws_system_error:
      return reinterpret_cast<void *>(&read<cheif_guard_throws_system_error>);
    case cheif_guard_throws_integer:
      return reinterpret_cast<void *>(&read<cheif_guard_throws_integer>);
  }
  return reinterpret_cast<void *>(&read<cheif_guard_throws_bad_alloc>);
}

extern "C" void *cheif_guard_throwing_primary_handle(void) {
  return reinterpret_cast<void *>(&primary_handle);
}

extern "C" void *cheif_guard_throwing_decode(void) { return reinterpret_cast<void *>(&decode); }
