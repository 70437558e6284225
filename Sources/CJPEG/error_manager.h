#pragma once
#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

// An error manager whose error_exit jumps back to the entry point that was called,
// and which keeps messages instead of printing them.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char error_message[JMSG_LENGTH_MAX];
    char first_warning[JMSG_LENGTH_MAX];
} pljpeg_error_manager;

void pljpeg_error_manager_install(pljpeg_error_manager *manager);
void pljpeg_error_manager_reset(pljpeg_error_manager *manager);
