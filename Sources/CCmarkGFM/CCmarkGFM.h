// System cmark-gfm, GitHub's CommonMark reference parser (libcmark-gfm-dev and
// libcmark-gfm-extensions-dev). Only the C shim CChatFormMarkdown includes it.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
