"""The benchmarks (``python -m bench``): run from a source checkout, never shipped with the
package or the executable.  docs/benchmarks.md gives each figure with its command."""
