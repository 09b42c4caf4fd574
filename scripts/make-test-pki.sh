#!/usr/bin/env bash
# Makes the test PKI in corpus/shortcuts/test-pki/ with the openssl command line tool.
#
# These keys and certificates belong to this project's tests only: they let the tests build
# signed shortcuts shaped like Apple's (contact-signed: an RSA "Apple ID" certificate that
# endorses a P-256 signing key, plus a CMS validation record; iCloud-signed: a P-256 leaf) and
# verify them against test roots, without any of Apple's keys. Nothing here is trusted by iOS.
#
# Run from the repository root:  bash scripts/make-test-pki.sh
set -euo pipefail
out=corpus/shortcuts/test-pki
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
days=36500

ca_ext="$work/ca.ext"
printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\n' >"$ca_ext"
leaf_ext="$work/leaf.ext"
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n' >"$leaf_ext"

# Contact signing: RSA root, RSA "Apple ID" leaf, P-256 signing key endorsed by the leaf.
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/contact-root.key" -sha256 -days $days \
  -subj "/CN=Test Contact Root CA/O=share-ingest tests" -extensions v3_ca \
  -addext "keyUsage=critical,keyCertSign,cRLSign" -out "$work/contact-root.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout "$work/contact-leaf.key" \
  -subj "/CN=com.example.test.appleid" -out "$work/contact-leaf.csr" 2>/dev/null
openssl x509 -req -in "$work/contact-leaf.csr" -CA "$work/contact-root.pem" \
  -CAkey "$work/contact-root.key" -CAcreateserial -days $days -sha256 -extfile "$leaf_ext" \
  -out "$work/contact-leaf.pem" 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$out/signing-key.pem"
openssl pkey -in "$out/signing-key.pem" -pubout -outform DER | tail -c 65 >"$out/signing-key.pub"
openssl dgst -sha256 -sign "$work/contact-leaf.key" -sigopt rsa_padding_mode:pss \
  -sigopt rsa_pss_saltlen:digest -out "$out/signing-key.sig" "$out/signing-key.pub"

# Validation record: a CMS SignedData over a small plist, signed by a certificate under the root.
openssl req -newkey rsa:2048 -nodes -keyout "$work/record.key" \
  -subj "/CN=Test Validation Record Signing" -out "$work/record.csr" 2>/dev/null
openssl x509 -req -in "$work/record.csr" -CA "$work/contact-root.pem" \
  -CAkey "$work/contact-root.key" -CAcreateserial -days $days -sha256 -extfile "$leaf_ext" \
  -out "$work/record.pem" 2>/dev/null
cat >"$work/record.plist" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>Version</key>
	<integer>2</integer>
	<key>ValidAsOf</key>
	<date>2026-01-01T00:00:00Z</date>
</dict>
</plist>
PLIST
openssl cms -sign -nodetach -binary -md sha256 -in "$work/record.plist" -signer "$work/record.pem" \
  -inkey "$work/record.key" -outform DER -out "$out/validation-record.der"

# iCloud signing: P-256 root and P-256 leaf whose key signs the archive.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
  -keyout "$work/icloud-root.key" -sha256 -days $days \
  -subj "/CN=Test iCloud Root CA/O=share-ingest tests" -out "$work/icloud-root.pem" 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$out/icloud-leaf-key.pem"
openssl req -new -key "$out/icloud-leaf-key.pem" -subj "/CN=Test iCloud Shortcut Signing" \
  -out "$work/icloud-leaf.csr"
openssl x509 -req -in "$work/icloud-leaf.csr" -CA "$work/icloud-root.pem" \
  -CAkey "$work/icloud-root.key" -CAcreateserial -days $days -sha256 -extfile "$leaf_ext" \
  -out "$work/icloud-leaf.pem" 2>/dev/null

for name in contact-root contact-leaf icloud-root icloud-leaf; do
  openssl x509 -in "$work/$name.pem" -outform DER -out "$out/$name.der"
done
ls -l "$out"
