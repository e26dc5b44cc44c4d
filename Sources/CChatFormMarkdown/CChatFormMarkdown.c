#include "CChatFormMarkdown.h"

#include <cmark-gfm-core-extensions.h>
#include <pthread.h>
#include <string.h>

// The extensions every parser gets, in the order they are attached.
static const char *const cfm_extension_names[] = {"strikethrough", "autolink", "table"};
enum { cfm_extension_count = sizeof(cfm_extension_names) / sizeof(cfm_extension_names[0]) };

static pthread_once_t cfm_once = PTHREAD_ONCE_INIT;
static cmark_syntax_extension *cfm_extensions[cfm_extension_count];

static void cfm_register(void) {
    cmark_gfm_core_extensions_ensure_registered();
    for (int i = 0; i < cfm_extension_count; i++) {
        cfm_extensions[i] = cmark_find_syntax_extension(cfm_extension_names[i]);
    }
}

static cmark_parser *cfm_parser_new(int options) {
    pthread_once(&cfm_once, cfm_register);
    cmark_parser *parser = cmark_parser_new(options);
    if (parser == NULL) return NULL;
    for (int i = 0; i < cfm_extension_count; i++) {
        if (cfm_extensions[i] != NULL) cmark_parser_attach_syntax_extension(parser, cfm_extensions[i]);
    }
    return parser;
}

// One parse at a time in the process. cmark-gfm keeps the characters that open an
// extension's inline syntax (`~` for strikethrough, `:` and `w` for autolinks) in one
// process-wide table, which a parse fills with its extensions' characters before parsing
// inlines and empties after (in `cmark_parser_finish`, and in `cmark_parser_feed` for each
// table row): a parse on another thread at that moment reads `~~gone~~` as plain text.
static pthread_mutex_t cfm_parse_lock = PTHREAD_MUTEX_INITIALIZER;

cmark_node *cfm_parse(const char *bytes, size_t length, int options) {
    pthread_mutex_lock(&cfm_parse_lock);
    cmark_node *document = NULL;
    cmark_parser *parser = cfm_parser_new(options);
    if (parser != NULL) {
        cmark_parser_feed(parser, bytes, length);
        document = cmark_parser_finish(parser);
        cmark_parser_free(parser);
    }
    pthread_mutex_unlock(&cfm_parse_lock);
    return document;
}

cfm_node_kind cfm_node_kind_of(cmark_node *node) {
    switch (cmark_node_get_type(node)) {
    case CMARK_NODE_DOCUMENT: return CFM_NODE_DOCUMENT;
    case CMARK_NODE_BLOCK_QUOTE: return CFM_NODE_BLOCK_QUOTE;
    case CMARK_NODE_LIST: return CFM_NODE_LIST;
    case CMARK_NODE_ITEM: return CFM_NODE_ITEM;
    case CMARK_NODE_CODE_BLOCK: return CFM_NODE_CODE_BLOCK;
    case CMARK_NODE_HTML_BLOCK: return CFM_NODE_HTML_BLOCK;
    case CMARK_NODE_CUSTOM_BLOCK: return CFM_NODE_CUSTOM_BLOCK;
    case CMARK_NODE_PARAGRAPH: return CFM_NODE_PARAGRAPH;
    case CMARK_NODE_HEADING: return CFM_NODE_HEADING;
    case CMARK_NODE_THEMATIC_BREAK: return CFM_NODE_THEMATIC_BREAK;
    case CMARK_NODE_FOOTNOTE_DEFINITION: return CFM_NODE_FOOTNOTE_DEFINITION;
    case CMARK_NODE_TEXT: return CFM_NODE_TEXT;
    case CMARK_NODE_SOFTBREAK: return CFM_NODE_SOFTBREAK;
    case CMARK_NODE_LINEBREAK: return CFM_NODE_LINEBREAK;
    case CMARK_NODE_CODE: return CFM_NODE_CODE;
    case CMARK_NODE_HTML_INLINE: return CFM_NODE_HTML_INLINE;
    case CMARK_NODE_CUSTOM_INLINE: return CFM_NODE_CUSTOM_INLINE;
    case CMARK_NODE_EMPH: return CFM_NODE_EMPH;
    case CMARK_NODE_STRONG: return CFM_NODE_STRONG;
    case CMARK_NODE_LINK: return CFM_NODE_LINK;
    case CMARK_NODE_IMAGE: return CFM_NODE_IMAGE;
    case CMARK_NODE_FOOTNOTE_REFERENCE: return CFM_NODE_FOOTNOTE_REFERENCE;
    default: break;
    }
    // The extensions' node types are numbered when they register; they are told by name.
    const char *name = cmark_node_get_type_string(node);
    if (name == NULL) return CFM_NODE_OTHER;
    if (strcmp(name, "strikethrough") == 0) return CFM_NODE_STRIKETHROUGH;
    if (strcmp(name, "table") == 0) return CFM_NODE_TABLE;
    if (strcmp(name, "table_row") == 0 || strcmp(name, "table_header") == 0) return CFM_NODE_TABLE_ROW;
    if (strcmp(name, "table_cell") == 0) return CFM_NODE_TABLE_CELL;
    return CFM_NODE_OTHER;
}

char *cfm_render_html(cmark_node *root, int options) {
    cmark_parser *parser = cfm_parser_new(CMARK_OPT_DEFAULT);
    if (parser == NULL) return NULL;
    char *html = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser));
    cmark_parser_free(parser);
    return html;
}

