#include "error_manager.h"
#include <string.h>

static void exit_by_jump(j_common_ptr cinfo) {
    pljpeg_error_manager *manager = (pljpeg_error_manager *)cinfo->err;
    manager->base.format_message(cinfo, manager->error_message);
    longjmp(manager->jump, 1);
}

// Level -1 is a corrupt-data warning; higher levels are trace output, which we drop.
static void keep_message(j_common_ptr cinfo, int level) {
    pljpeg_error_manager *manager = (pljpeg_error_manager *)cinfo->err;
    if (level >= 0) return;
    if (manager->base.num_warnings == 0) {
        manager->base.format_message(cinfo, manager->first_warning);
    }
    manager->base.num_warnings++;
}

static void print_nothing(j_common_ptr cinfo) {
    (void)cinfo;
}

void pljpeg_error_manager_install(pljpeg_error_manager *manager) {
    jpeg_std_error(&manager->base);
    manager->base.error_exit = exit_by_jump;
    manager->base.emit_message = keep_message;
    manager->base.output_message = print_nothing;
    pljpeg_error_manager_reset(manager);
}

void pljpeg_error_manager_reset(pljpeg_error_manager *manager) {
    manager->base.num_warnings = 0;
    manager->error_message[0] = '\0';
    manager->first_warning[0] = '\0';
}
