// The ItemProvider module. See ARCHITECTURE.md in ../shared/design and README.md.
