#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

// SQLite's declarations only: the library itself is loaded the first time a library database
// opens (SharedLibrary in SystemCalls, then `csqlite_resolve`), so commands that never open
// one never map it.
#include <dlfcn.h>
#include <sqlite3.h>
#include <stddef.h>

// The SQLite functions the package calls, each field named after its function and typed from
// SQLite's own declaration.
#define CSQLITE_FUNCTIONS(X)        \
  X(sqlite3_open_v2)                \
  X(sqlite3_close_v2)               \
  X(sqlite3_errmsg)                 \
  X(sqlite3_extended_errcode)       \
  X(sqlite3_extended_result_codes)  \
  X(sqlite3_busy_timeout)           \
  X(sqlite3_exec)                   \
  X(sqlite3_free)                   \
  X(sqlite3_prepare_v3)             \
  X(sqlite3_get_autocommit)         \
  X(sqlite3_last_insert_rowid)      \
  X(sqlite3_finalize)               \
  X(sqlite3_reset)                  \
  X(sqlite3_clear_bindings)         \
  X(sqlite3_bind_int64)             \
  X(sqlite3_bind_null)              \
  X(sqlite3_bind_text)              \
  X(sqlite3_bind_parameter_count)   \
  X(sqlite3_step)                   \
  X(sqlite3_column_int64)           \
  X(sqlite3_column_text)            \
  X(sqlite3_column_bytes)           \
  X(sqlite3_column_type)            \
  X(sqlite3_column_count)           \
  X(sqlite3_column_name)

typedef struct {
#define CSQLITE_FIELD(function) __typeof__(function) *_Nonnull function;
  CSQLITE_FUNCTIONS(CSQLITE_FIELD)
#undef CSQLITE_FIELD
} csqlite_api;

// Every function above from `library` (a dlopen handle); NULL when one is missing, with its
// name in `missing`. Call it once (Swift keeps the result in a lazily initialised global).
static inline const csqlite_api *_Nullable csqlite_resolve(
    void *_Nonnull library, const char *_Nullable *_Nonnull missing) {
  static csqlite_api api;
#define CSQLITE_RESOLVE(function)                                                   \
  if ((api.function = (__typeof__(function) *)dlsym(library, #function)) == NULL) { \
    *missing = #function;                                                           \
    return NULL;                                                                    \
  }
  CSQLITE_FUNCTIONS(CSQLITE_RESOLVE)
#undef CSQLITE_RESOLVE
  return &api;
}

#endif
