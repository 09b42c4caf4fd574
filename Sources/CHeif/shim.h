#ifndef CHEIF_SHIM_H
#define CHEIF_SHIM_H

// libheif's declarations only: the library itself (with the codecs it links, libde265, x265,
// libaom and dav1d, several megabytes of C++) is loaded the first time a HEIF or AVIF image is
// decoded (SharedLibrary in SystemCalls, then `cheif_resolve`), so a process that decodes none,
// such as every ingest-cli command but a thumbnail of the web app, never maps it.
#include <dlfcn.h>
#include <libheif/heif.h>
#include <stddef.h>

// Each field is named after its function and typed from libheif's own declaration.
#define CHEIF_FUNCTIONS(X)                       \
  X(heif_context_alloc)                          \
  X(heif_context_free)                           \
  X(heif_context_set_max_decoding_threads)       \
  X(heif_context_read_from_memory_without_copy)  \
  X(heif_context_get_primary_image_handle)       \
  X(heif_image_handle_release)                   \
  X(heif_image_handle_get_width)                 \
  X(heif_image_handle_get_height)                \
  X(heif_image_handle_get_ispe_width)            \
  X(heif_image_handle_get_ispe_height)           \
  X(heif_image_handle_has_alpha_channel)         \
  X(heif_decode_image)                           \
  X(heif_image_release)                          \
  X(heif_image_get_width)                        \
  X(heif_image_get_height)                       \
  X(heif_image_get_plane_readonly)

#define CHEIF_FIELD(function) __typeof__(function) *_Nonnull function;
#define CHEIF_RESOLVE(function)                                                     \
  if ((api.function = (__typeof__(function) *)dlsym(library, #function)) == NULL) { \
    *missing = #function;                                                           \
    return NULL;                                                                    \
  }

typedef struct {
  CHEIF_FUNCTIONS(CHEIF_FIELD)
} cheif_api;

// The functions from `library` (a dlopen handle); NULL when one is missing, with its name in
// `missing`. Call it once (Swift keeps the result in a lazily initialised global).
static inline const cheif_api *_Nullable cheif_resolve(
    void *_Nonnull library, const char *_Nullable *_Nonnull missing) {
  static cheif_api api;
  CHEIF_FUNCTIONS(CHEIF_RESOLVE)
  return &api;
}

#undef CHEIF_FIELD
#undef CHEIF_RESOLVE

#endif
