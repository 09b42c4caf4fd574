#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

// libcrypto's declarations only: the library itself is loaded the first time a digest or a
// signature needs it (SharedLibrary in SystemCalls, then `copenssl_resolve_*`), so commands
// that never hash nor verify never map it.
//
// SHA-256 goes through the low-level SHA256_Init/Update/Final, deprecated in OpenSSL 3 but
// kept: they run the same code as EVP's SHA-256 (SHA instructions where the processor has
// them) without the provider set-up that EVP's first digest costs (about 1.3 ms of processor
// time, measured, once per process), which a one-file share would otherwise pay.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <dlfcn.h>
#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/cms.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/objects.h>
#include <openssl/opensslv.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stddef.h>

// The package opens libcrypto.so.3: the headers must be OpenSSL 3's.
#if OPENSSL_VERSION_MAJOR != 3
#error "COpenSSL loads libcrypto.so.3 and needs OpenSSL 3's headers"
#endif

// Each field is named after its function and typed from OpenSSL's own declaration. Ingest
// needs only the digest; Shortcuts needs the rest.
#define COPENSSL_DIGEST_FUNCTIONS(X)          \
  X(SHA256_Init)                              \
  X(SHA256_Update)                            \
  X(SHA256_Final)

#define COPENSSL_FUNCTIONS(X)                 \
  X(ASN1_STRING_get0_data)                    \
  X(ASN1_STRING_length)                       \
  X(ASN1_TIME_to_tm)                          \
  X(BIO_free)                                 \
  X(BIO_new)                                  \
  X(BIO_new_mem_buf)                          \
  X(BIO_read)                                 \
  X(BIO_s_mem)                                \
  X(CMS_ContentInfo_free)                     \
  X(CMS_get0_signers)                         \
  X(CMS_get1_certs)                           \
  X(CMS_verify)                               \
  X(CRYPTO_free)                              \
  X(ERR_clear_error)                          \
  X(ERR_error_string_n)                       \
  X(ERR_get_error)                            \
  X(EVP_Digest)                               \
  X(EVP_DigestSign)                           \
  X(EVP_DigestSignFinal)                      \
  X(EVP_DigestSignInit)                       \
  X(EVP_DigestSignUpdate)                     \
  X(EVP_DigestVerify)                         \
  X(EVP_DigestVerifyInit)                     \
  X(EVP_MD_CTX_free)                          \
  X(EVP_MD_CTX_new)                           \
  X(EVP_PKEY_CTX_add1_hkdf_info)              \
  X(EVP_PKEY_CTX_free)                        \
  X(EVP_PKEY_CTX_new_id)                      \
  X(EVP_PKEY_CTX_set1_hkdf_key)               \
  X(EVP_PKEY_CTX_set1_hkdf_salt)              \
  X(EVP_PKEY_CTX_set_ec_paramgen_curve_nid)   \
  X(EVP_PKEY_CTX_set_hkdf_md)                 \
  X(EVP_PKEY_CTX_set_rsa_padding)             \
  X(EVP_PKEY_CTX_set_rsa_pss_saltlen)         \
  X(EVP_PKEY_derive)                          \
  X(EVP_PKEY_derive_init)                     \
  X(EVP_PKEY_free)                            \
  X(EVP_PKEY_get_base_id)                     \
  X(EVP_PKEY_get_bits)                        \
  X(EVP_PKEY_keygen)                          \
  X(EVP_PKEY_keygen_init)                     \
  X(EVP_PKEY_new_raw_private_key)             \
  X(EVP_sha256)                               \
  X(OPENSSL_sk_free)                          \
  X(OPENSSL_sk_new_null)                      \
  X(OPENSSL_sk_num)                           \
  X(OPENSSL_sk_push)                          \
  X(OPENSSL_sk_value)                         \
  X(PEM_read_bio_PrivateKey)                  \
  X(X509_NAME_print_ex)                       \
  X(X509_STORE_CTX_free)                      \
  X(X509_STORE_CTX_get_error)                 \
  X(X509_STORE_CTX_get_error_depth)           \
  X(X509_STORE_CTX_init)                      \
  X(X509_STORE_CTX_new)                       \
  X(X509_STORE_CTX_set_flags)                 \
  X(X509_STORE_add_cert)                      \
  X(X509_STORE_free)                          \
  X(X509_STORE_new)                           \
  X(X509_free)                                \
  X(X509_get0_notAfter)                       \
  X(X509_get0_notBefore)                      \
  X(X509_get0_pubkey)                         \
  X(X509_get0_pubkey_bitstr)                  \
  X(X509_get_issuer_name)                     \
  X(X509_get_subject_name)                    \
  X(X509_verify_cert)                         \
  X(X509_verify_cert_error_string)            \
  X(d2i_CMS_ContentInfo)                      \
  X(d2i_PUBKEY)                               \
  X(d2i_X509)                                 \
  X(i2d_PUBKEY)                               \
  X(i2d_X509)

#define COPENSSL_FIELD(function) __typeof__(function) *_Nonnull function;
#define COPENSSL_RESOLVE(function)                                                  \
  if ((api.function = (__typeof__(function) *)dlsym(library, #function)) == NULL) { \
    *missing = #function;                                                           \
    return NULL;                                                                    \
  }

typedef struct {
  COPENSSL_DIGEST_FUNCTIONS(COPENSSL_FIELD)
} copenssl_digest_api;

typedef struct {
  COPENSSL_FUNCTIONS(COPENSSL_FIELD)
} copenssl_api;

// The digest functions from `library` (a dlopen handle); NULL when one is missing, with its
// name in `missing`. Call it once (Swift keeps the result in a lazily initialised global).
static inline const copenssl_digest_api *_Nullable copenssl_resolve_digest(
    void *_Nonnull library, const char *_Nullable *_Nonnull missing) {
  static copenssl_digest_api api;
  COPENSSL_DIGEST_FUNCTIONS(COPENSSL_RESOLVE)
  return &api;
}

// Every function of COPENSSL_FUNCTIONS from `library`, as `copenssl_resolve_digest` does.
static inline const copenssl_api *_Nullable copenssl_resolve(
    void *_Nonnull library, const char *_Nullable *_Nonnull missing) {
  static copenssl_api api;
  COPENSSL_FUNCTIONS(COPENSSL_RESOLVE)
  return &api;
}

#undef COPENSSL_FIELD
#undef COPENSSL_RESOLVE

#endif
