// libchafa (terminal graphics: kitty, iTerm2, sixels, Unicode symbols); its header needs glib's,
// whose include paths come from pkg-config (chafa.pc requires glib-2.0).
#include <chafa.h>
