#!/usr/bin/python3
"""check-rst.py PAGE...: parse reStructuredText pages with docutils and
fail on any warning, as the kernel's Sphinx build would complain.

The Sphinx directives the kernel's documentation uses (toctree and the
like) are accepted without being checked: docutils alone does not know
them.  Runs with Debian's python3 and python3-docutils.
"""
import io
import sys

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives


class Accepted(Directive):
    """A Sphinx-only directive: its options and content are taken as is."""
    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec = None

    def run(self):
        return [nodes.comment()]


class AnyOptions(dict):
    def __getitem__(self, key):
        return directives.unchanged

    def __contains__(self, key):
        return True


Accepted.option_spec = AnyOptions()
for name in ("toctree", "kernel-doc", "kernel-feat", "kernel-abi",
             "only", "c:function", "c:macro", "c:type"):
    directives.register_directive(name, Accepted)


def main():
    bad = 0
    for page in sys.argv[1:]:
        with open(page) as f:
            text = f.read()
        try:
            publish_doctree(text, source_path=page,
                            settings_overrides={"halt_level": 2,
                                                "report_level": 2,
                                                "warning_stream": io.StringIO()})
        except Exception as e:  # docutils raises SystemMessage at halt_level
            print(str(e).splitlines()[0])
            bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
