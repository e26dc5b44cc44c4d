#ifndef CCHATFORMMARKDOWN_H
#define CCHATFORMMARKDOWN_H

// A small, prefixed C surface over cmark-gfm for ChatFormMarkdown: one parser set-up with the
// GitHub extensions chat messages use, a node kind that names the extensions' node types, and
// the HTML renderer with the same extensions. The tree itself is walked with cmark-gfm's own
// accessors (cmark_node_first_child, cmark_node_get_literal, …).

#include <stddef.h>
#include <stdint.h>
#include <cmark-gfm.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of node ChatFormMarkdown tells apart: cmark's own, and the extensions' by name.
typedef enum {
    CFM_NODE_OTHER = 0,
    CFM_NODE_DOCUMENT,
    CFM_NODE_BLOCK_QUOTE,
    CFM_NODE_LIST,
    CFM_NODE_ITEM,
    CFM_NODE_CODE_BLOCK,
    CFM_NODE_HTML_BLOCK,
    CFM_NODE_CUSTOM_BLOCK,
    CFM_NODE_PARAGRAPH,
    CFM_NODE_HEADING,
    CFM_NODE_THEMATIC_BREAK,
    CFM_NODE_FOOTNOTE_DEFINITION,
    CFM_NODE_TEXT,
    CFM_NODE_SOFTBREAK,
    CFM_NODE_LINEBREAK,
    CFM_NODE_CODE,
    CFM_NODE_HTML_INLINE,
    CFM_NODE_CUSTOM_INLINE,
    CFM_NODE_EMPH,
    CFM_NODE_STRONG,
    CFM_NODE_LINK,
    CFM_NODE_IMAGE,
    CFM_NODE_FOOTNOTE_REFERENCE,
    CFM_NODE_STRIKETHROUGH,
    CFM_NODE_TABLE,
    CFM_NODE_TABLE_ROW,
    CFM_NODE_TABLE_CELL,
} cfm_node_kind;

/// Parses `length` bytes of Markdown (CommonMark with the strikethrough, autolink and table
/// extensions attached; tables are recognised so that they can be refused) with cmark options
/// `options`. Returns the document (free it with cmark_node_free), or NULL when cmark could not
/// allocate. Thread-safe: the extensions are registered once, and parses run one at a time
/// (cmark-gfm switches the extensions' inline characters on and off in one process-wide table
/// while it parses).
cmark_node *_Nullable cfm_parse(const char *_Nonnull bytes, size_t length, int options);

/// The kind of `node`.
cfm_node_kind cfm_node_kind_of(cmark_node *_Nonnull node);

/// cmark-gfm's HTML for the tree at `root` (options as cmark_render_html takes them), with the
/// extensions cfm_parse attaches. The caller frees the result with free().
char *_Nullable cfm_render_html(cmark_node *_Nonnull root, int options);

#ifdef __cplusplus
}
#endif

#endif
