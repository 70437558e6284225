#include "pllcms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char first[256];
    unsigned count;
} pllcms_record;

static void pllcms_record_error(cmsContext context, cmsUInt32Number code, const char *text) {
    pllcms_record *record = cmsGetContextUserData(context);
    if (record == NULL) return;
    if (record->count == 0) snprintf(record->first, sizeof record->first, "%s (lcms error %u)", text ? text : "", code);
    record->count += 1;
}

cmsContext pllcms_context_create(void) {
    pllcms_record *record = calloc(1, sizeof *record);
    if (record == NULL) return NULL;
    cmsContext context = cmsCreateContext(NULL, record);
    if (context == NULL) {
        free(record);
        return NULL;
    }
    cmsSetLogErrorHandlerTHR(context, pllcms_record_error);
    return context;
}

void pllcms_context_delete(cmsContext context) {
    if (context == NULL) return;
    pllcms_record *record = cmsGetContextUserData(context);
    cmsDeleteContext(context);
    free(record);
}

const char *pllcms_context_error(cmsContext context) {
    pllcms_record *record = cmsGetContextUserData(context);
    return record && record->count ? record->first : "";
}

unsigned pllcms_context_error_count(cmsContext context) {
    pllcms_record *record = cmsGetContextUserData(context);
    return record ? record->count : 0;
}

void pllcms_context_clear_errors(cmsContext context) {
    pllcms_record *record = cmsGetContextUserData(context);
    if (record == NULL) return;
    record->count = 0;
    record->first[0] = 0;
}
