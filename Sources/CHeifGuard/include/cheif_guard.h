#ifndef CHEIF_GUARD_H
#define CHEIF_GUARD_H

// libheif is C++ behind a C API whose functions let C++ exceptions out (std::bad_alloc when an
// allocation fails under an address-space limit, std::system_error when a thread cannot
// start). An exception must never unwind into Swift, where nothing catches it and the process
// is terminated: each call below runs one libheif function, given as a pointer (libheif is
// loaded on first use), inside try/catch, and turns an exception into an error.
//
// Types are kept opaque here (libheif's header is included by the CHeif module; including it
// twice would make two sets of its types in Swift). `cheif_guard_error` has the layout of
// `struct heif_error`.

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int code;
  int subcode;
  const char *_Nullable message;
} cheif_guard_error;

/// heif_context_read_from_memory_without_copy(context, bytes, count, NULL).
cheif_guard_error cheif_guard_read_from_memory_without_copy(
    void *_Nonnull function, void *_Nonnull context, const void *_Nullable bytes,
    unsigned long count);

/// heif_context_get_primary_image_handle(context, handle).
cheif_guard_error cheif_guard_get_primary_image_handle(
    void *_Nonnull function, void *_Nonnull context, void *_Nullable *_Nonnull handle);

/// heif_decode_image(handle, image, colorspace, chroma, NULL).
cheif_guard_error cheif_guard_decode_image(
    void *_Nonnull function, const void *_Nonnull handle, void *_Nullable *_Nonnull image,
    int colorspace, int chroma);

#ifdef __cplusplus
}
#endif

#endif
