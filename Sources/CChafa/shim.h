// libchafa (terminal graphics: kitty, iTerm2, sixels, Unicode symbols); its header needs glib's,
// whose include paths come from pkg-config (chafa.pc requires glib-2.0).
#include <chafa.h>

// g_string_free became a macro in newer glib; Swift can call this function in every version.
static inline void photolib_gstring_free(GString *string) { g_string_free(string, TRUE); }
