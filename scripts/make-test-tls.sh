#!/usr/bin/env bash
# Makes the TLS key and certificate the serve tests use in corpus/http-tls/, with the openssl
# command line tool: a self-signed P-256 certificate for localhost and 127.0.0.1, valid for a
# century. They belong to this project's tests only; nothing trusts them.
#
# Run from the repository root:  bash scripts/make-test-tls.sh
set -euo pipefail
out=corpus/http-tls
mkdir -p "$out"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -sha256 \
  -days 36500 -subj "/CN=localhost/O=share-ingest tests" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -addext "basicConstraints=critical,CA:FALSE" \
  -keyout "$out/key.pem" -out "$out/certificate.pem" 2>/dev/null
chmod 600 "$out/key.pem"
echo "wrote $out/key.pem and $out/certificate.pem"
