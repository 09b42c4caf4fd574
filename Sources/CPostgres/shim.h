#ifndef CPOSTGRES_SHIM_H
#define CPOSTGRES_SHIM_H

// libpq's declarations only: the library itself is loaded on first use (see
// `cpostgres_load`), so processes that never reach a PostgreSQL server do not map it and the
// libraries it brings (TLS, Kerberos, LDAP).
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
#if __has_include(<libpq/libpq-fs.h>)
#include <libpq/libpq-fs.h>
#elif __has_include(<postgresql/libpq/libpq-fs.h>)
#include <postgresql/libpq/libpq-fs.h>
#else
// Large-object access modes, as libpq/libpq-fs.h defines them.
#define INV_WRITE 0x00020000
#define INV_READ 0x00040000
#endif
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

// The libpq functions the package calls, typed from libpq's own declarations.
typedef struct {
  __typeof__(PQconnectdbParams) *_Nonnull connectdbParams;
  __typeof__(PQstatus) *_Nonnull status;
  __typeof__(PQerrorMessage) *_Nonnull errorMessage;
  __typeof__(PQfinish) *_Nonnull finish;
  __typeof__(PQsetNoticeProcessor) *_Nonnull setNoticeProcessor;
  __typeof__(PQtransactionStatus) *_Nonnull transactionStatus;
  __typeof__(PQsocket) *_Nonnull socket;
  __typeof__(PQexecParams) *_Nonnull execParams;
  __typeof__(PQexec) *_Nonnull exec;
  __typeof__(PQconsumeInput) *_Nonnull consumeInput;
  __typeof__(PQnotifies) *_Nonnull notifies;
  __typeof__(PQfreemem) *_Nonnull freemem;
  __typeof__(PQclear) *_Nonnull clear;
  __typeof__(PQresultStatus) *_Nonnull resultStatus;
  __typeof__(PQresultErrorMessage) *_Nonnull resultErrorMessage;
  __typeof__(PQntuples) *_Nonnull ntuples;
  __typeof__(PQnfields) *_Nonnull nfields;
  __typeof__(PQgetisnull) *_Nonnull getisnull;
  __typeof__(PQgetvalue) *_Nonnull getvalue;
  __typeof__(PQcmdTuples) *_Nonnull cmdTuples;
  __typeof__(PQresultErrorField) *_Nonnull resultErrorField;
  __typeof__(PQgetlength) *_Nonnull getlength;
  // COPY ... FROM STDIN and TO STDOUT (payloads as chunks of bytea).
  __typeof__(PQputCopyData) *_Nonnull putCopyData;
  __typeof__(PQputCopyEnd) *_Nonnull putCopyEnd;
  __typeof__(PQgetCopyData) *_Nonnull getCopyData;
  // Large objects (libpq's fast-path calls; all inside a transaction).
  __typeof__(lo_create) *_Nonnull loCreate;
  __typeof__(lo_open) *_Nonnull loOpen;
  __typeof__(lo_write) *_Nonnull loWrite;
  __typeof__(lo_read) *_Nonnull loRead;
  __typeof__(lo_close) *_Nonnull loClose;
  // Pipeline mode (libpq 14 and later): NULL with an older libpq, which then sends one
  // statement at a time.
  __typeof__(PQenterPipelineMode) *_Nullable enterPipelineMode;
  __typeof__(PQexitPipelineMode) *_Nullable exitPipelineMode;
  __typeof__(PQpipelineSync) *_Nullable pipelineSync;
  __typeof__(PQsendQueryParams) *_Nonnull sendQueryParams;
  __typeof__(PQgetResult) *_Nonnull getResult;
  // Statements sent without waiting, their answers awaited with `poll` on the socket, so that
  // every wait for the server is bounded (a server that stopped answering is given up).
  __typeof__(PQsendQuery) *_Nonnull sendQuery;
  __typeof__(PQsetnonblocking) *_Nonnull setnonblocking;
  __typeof__(PQflush) *_Nonnull flush;
  __typeof__(PQisBusy) *_Nonnull isBusy;
  // Cancelling a statement the server did not answer in time.
  __typeof__(PQgetCancel) *_Nonnull getCancel;
  __typeof__(PQcancel) *_Nonnull cancel;
  __typeof__(PQfreeCancel) *_Nonnull freeCancel;
} cpostgres_api;

// Loads libpq (`name`: a soname such as `libpq.so.5`, as installed with libpq-dev, or a path)
// and every function above; NULL when the library or a function is missing, with the reason in
// `error` (of `size` bytes). Call it once (Swift keeps the result in a lazily initialised
// global).
static inline const cpostgres_api *_Nullable cpostgres_load(
    const char *_Nonnull name, char *_Nonnull error, size_t size) {
  static cpostgres_api api;
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(error, size, "%s", reason ? reason : "dlopen failed");
    return NULL;
  }
#define CPOSTGRES_LOAD(field, name)                                     \
  if ((api.field = (__typeof__(name) *)dlsym(library, #name)) == NULL) { \
    snprintf(error, size, "it has no %s", #name);                       \
    return NULL;                                                        \
  }
  CPOSTGRES_LOAD(connectdbParams, PQconnectdbParams)
  CPOSTGRES_LOAD(status, PQstatus)
  CPOSTGRES_LOAD(errorMessage, PQerrorMessage)
  CPOSTGRES_LOAD(finish, PQfinish)
  CPOSTGRES_LOAD(setNoticeProcessor, PQsetNoticeProcessor)
  CPOSTGRES_LOAD(transactionStatus, PQtransactionStatus)
  CPOSTGRES_LOAD(socket, PQsocket)
  CPOSTGRES_LOAD(execParams, PQexecParams)
  CPOSTGRES_LOAD(exec, PQexec)
  CPOSTGRES_LOAD(consumeInput, PQconsumeInput)
  CPOSTGRES_LOAD(notifies, PQnotifies)
  CPOSTGRES_LOAD(freemem, PQfreemem)
  CPOSTGRES_LOAD(clear, PQclear)
  CPOSTGRES_LOAD(resultStatus, PQresultStatus)
  CPOSTGRES_LOAD(resultErrorMessage, PQresultErrorMessage)
  CPOSTGRES_LOAD(ntuples, PQntuples)
  CPOSTGRES_LOAD(nfields, PQnfields)
  CPOSTGRES_LOAD(getisnull, PQgetisnull)
  CPOSTGRES_LOAD(getvalue, PQgetvalue)
  CPOSTGRES_LOAD(cmdTuples, PQcmdTuples)
  CPOSTGRES_LOAD(resultErrorField, PQresultErrorField)
  CPOSTGRES_LOAD(getlength, PQgetlength)
  CPOSTGRES_LOAD(putCopyData, PQputCopyData)
  CPOSTGRES_LOAD(putCopyEnd, PQputCopyEnd)
  CPOSTGRES_LOAD(getCopyData, PQgetCopyData)
  CPOSTGRES_LOAD(loCreate, lo_create)
  CPOSTGRES_LOAD(loOpen, lo_open)
  CPOSTGRES_LOAD(loWrite, lo_write)
  CPOSTGRES_LOAD(loRead, lo_read)
  CPOSTGRES_LOAD(loClose, lo_close)
  CPOSTGRES_LOAD(sendQueryParams, PQsendQueryParams)
  CPOSTGRES_LOAD(getResult, PQgetResult)
  CPOSTGRES_LOAD(sendQuery, PQsendQuery)
  CPOSTGRES_LOAD(setnonblocking, PQsetnonblocking)
  CPOSTGRES_LOAD(flush, PQflush)
  CPOSTGRES_LOAD(isBusy, PQisBusy)
  CPOSTGRES_LOAD(getCancel, PQgetCancel)
  CPOSTGRES_LOAD(cancel, PQcancel)
  CPOSTGRES_LOAD(freeCancel, PQfreeCancel)
#undef CPOSTGRES_LOAD
  api.enterPipelineMode =
      (__typeof__(PQenterPipelineMode) *)dlsym(library, "PQenterPipelineMode");
  api.exitPipelineMode = (__typeof__(PQexitPipelineMode) *)dlsym(library, "PQexitPipelineMode");
  api.pipelineSync = (__typeof__(PQpipelineSync) *)dlsym(library, "PQpipelineSync");
  return &api;
}

#endif
