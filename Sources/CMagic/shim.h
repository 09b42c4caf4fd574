#ifndef CMAGIC_SHIM_H
#define CMAGIC_SHIM_H

// libmagic's declarations only: the library itself is loaded the first time the sniffer needs
// it (SharedLibrary in SystemCalls, then `cmagic_resolve`), so processes that only ask about
// formats the package's own signatures know never map it, nor the compression libraries it
// brings.
#include <dlfcn.h>
#include <magic.h>
#include <stddef.h>

// The libmagic functions the package calls, each field named after its function and typed
// from libmagic's own declaration.
#define CMAGIC_FUNCTIONS(X) \
  X(magic_open)             \
  X(magic_close)            \
  X(magic_load)             \
  X(magic_buffer)           \
  X(magic_error)

typedef struct {
#define CMAGIC_FIELD(function) __typeof__(function) *_Nonnull function;
  CMAGIC_FUNCTIONS(CMAGIC_FIELD)
#undef CMAGIC_FIELD
} cmagic_api;

// Every function above from `library` (a dlopen handle); NULL when one is missing, with its
// name in `missing`. Call it once (Swift keeps the result in a lazily initialised global).
static inline const cmagic_api *_Nullable cmagic_resolve(
    void *_Nonnull library, const char *_Nullable *_Nonnull missing) {
  static cmagic_api api;
#define CMAGIC_RESOLVE(function)                                               \
  if ((api.function = (__typeof__(function) *)dlsym(library, #function)) == NULL) { \
    *missing = #function;                                                      \
    return NULL;                                                               \
  }
  CMAGIC_FUNCTIONS(CMAGIC_RESOLVE)
#undef CMAGIC_RESOLVE
  return &api;
}

#endif
