#ifndef CHEIF_GUARD_THROWING_H
#define CHEIF_GUARD_THROWING_H

// For tests of CHeifGuard only: stand-ins for libheif's functions, with their C signatures,
// that throw the C++ exceptions libheif lets out of its C API, so a test can prove the guard
// turns each into an error and none reaches Swift.

#ifdef __cplusplus
extern "C" {
#endif

/// What the stand-in throws.
typedef enum {
  cheif_guard_throws_bad_alloc = 0,
  cheif_guard_throws_system_error = 1,
  cheif_guard_throws_integer = 2,
} cheif_guard_thrown;

/// A stand-in for heif_context_read_from_memory_without_copy that throws `thrown`.
void *_Nonnull cheif_guard_throwing_read(cheif_guard_thrown thrown);

/// A stand-in for heif_context_get_primary_image_handle that throws std::bad_alloc.
void *_Nonnull cheif_guard_throwing_primary_handle(void);

/// A stand-in for heif_decode_image that throws std::system_error (a thread that cannot start,
/// as std::async fails under an address-space limit).
void *_Nonnull cheif_guard_throwing_decode(void);

#ifdef __cplusplus
}
#endif

#endif
