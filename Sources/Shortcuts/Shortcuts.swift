// The Shortcuts module. See ARCHITECTURE.md in ../shared/design and README.md.
