#ifndef CGCRYPT_SHIM_H
#define CGCRYPT_SHIM_H

// libgcrypt's declarations only: the library itself is loaded the first time a payload is
// hashed (SharedLibrary in SystemCalls, then `cgcrypt_resolve`), so commands that never hash
// never map it. The package hashes with libgcrypt rather than libcrypto: it loads and initialises in
// about a quarter of the time (one share of a small file pays it whole), and its SHA-256, with
// the processor's SHA instructions, is faster on large files too.
#include <dlfcn.h>
#include <gcrypt.h>
#include <stddef.h>

// The package opens libgcrypt.so.20, the soname of every libgcrypt since 1.6.
#if GCRYPT_VERSION_NUMBER < 0x010600
#error "CGcrypt loads libgcrypt.so.20 and needs libgcrypt 1.6 or later's headers"
#endif

// Each field is named after its function and typed from libgcrypt's own declaration.
#define CGCRYPT_FUNCTIONS(X) \
  X(gcry_check_version)      \
  X(gcry_md_open)            \
  X(gcry_md_write)           \
  X(gcry_md_read)            \
  X(gcry_md_close)

#define CGCRYPT_FIELD(function) __typeof__(function) *_Nonnull function;
#define CGCRYPT_RESOLVE(function)                                                   \
  if ((api.function = (__typeof__(function) *)dlsym(library, #function)) == NULL) { \
    *missing = #function;                                                           \
    return NULL;                                                                    \
  }

typedef struct {
  CGCRYPT_FUNCTIONS(CGCRYPT_FIELD)
} cgcrypt_api;

// The functions from `library` (a dlopen handle); NULL when one is missing, with its name in
// `missing`. Call it once (Swift keeps the result in a lazily initialised global).
static inline const cgcrypt_api *_Nullable cgcrypt_resolve(
    void *_Nonnull library, const char *_Nullable *_Nonnull missing) {
  static cgcrypt_api api;
  CGCRYPT_FUNCTIONS(CGCRYPT_RESOLVE)
  return &api;
}

// The digest algorithm, as a constant Swift can read (gcrypt.h declares it in an enum).
static const int cgcrypt_sha256 = GCRY_MD_SHA256;

#undef CGCRYPT_FIELD
#undef CGCRYPT_RESOLVE

#endif
