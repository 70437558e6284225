// libpq, opened when the first PostgreSQL address is parsed or connection made.
// One function for each that photolib calls, with the header's prototype, calling through the
// table CLazyLibrary fills. A call to a function not listed here fails to link: add it here.
#include "CLibPQ.h"

#include "lazy_library.h"

static const char *const files[] = {"libpq.so.5"};
static const char *const names[] = {
    "PQclear",
    "PQcmdTuples",
    "PQconnectdbParams",
    "PQconninfoFree",
    "PQconninfoParse",
    "PQerrorMessage",
    "PQexec",
    "PQexecParams",
    "PQfinish",
    "PQfreemem",
    "PQftype",
    "PQgetResult",
    "PQgetisnull",
    "PQgetlength",
    "PQgetvalue",
    "PQntuples",
    "PQputCopyData",
    "PQputCopyEnd",
    "PQreset",
    "PQresultErrorField",
    "PQresultErrorMessage",
    "PQresultStatus",
    "PQsetNoticeProcessor",
    "PQstatus",
    "PQtransactionStatus",
    "PQconnectionNeedsPassword",
    "PQlibVersion",
    "PQconnectStartParams",
    "PQconnectPoll",
    "PQsocket",
};
static void *table[sizeof names / sizeof names[0]];
static photolib_lazy_library library = {files, sizeof files / sizeof files[0], names, sizeof names / sizeof names[0], table, 0, {0}};

const char *photolib_libpq_load(void) { return photolib_lazy_library_load(&library); }

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN void PQclear(PGresult *res) {
    ((void (*)(PGresult *res))photolib_lazy_library_function(&library, 0))(res);
}
HIDDEN char *PQcmdTuples(PGresult *res) {
    return ((char * (*)(PGresult *res))photolib_lazy_library_function(&library, 1))(res);
}
HIDDEN PGconn *PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    return ((PGconn * (*)(const char *const *keywords, const char *const *values, int expand_dbname))photolib_lazy_library_function(&library, 2))(keywords, values, expand_dbname);
}
HIDDEN void PQconninfoFree(PQconninfoOption *connOptions) {
    ((void (*)(PQconninfoOption *connOptions))photolib_lazy_library_function(&library, 3))(connOptions);
}
HIDDEN PQconninfoOption *PQconninfoParse(const char *conninfo, char **errmsg) {
    return ((PQconninfoOption * (*)(const char *conninfo, char **errmsg))photolib_lazy_library_function(&library, 4))(conninfo, errmsg);
}
HIDDEN char *PQerrorMessage(const PGconn *conn) {
    return ((char * (*)(const PGconn *conn))photolib_lazy_library_function(&library, 5))(conn);
}
HIDDEN PGresult *PQexec(PGconn *conn, const char *query) {
    return ((PGresult * (*)(PGconn *conn, const char *query))photolib_lazy_library_function(&library, 6))(conn, query);
}
HIDDEN PGresult *PQexecParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    return ((PGresult * (*)(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat))photolib_lazy_library_function(&library, 7))(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}
HIDDEN void PQfinish(PGconn *conn) {
    ((void (*)(PGconn *conn))photolib_lazy_library_function(&library, 8))(conn);
}
HIDDEN void PQfreemem(void *ptr) {
    ((void (*)(void *ptr))photolib_lazy_library_function(&library, 9))(ptr);
}
HIDDEN Oid PQftype(const PGresult *res, int field_num) {
    return ((Oid (*)(const PGresult *res, int field_num))photolib_lazy_library_function(&library, 10))(res, field_num);
}
HIDDEN PGresult *PQgetResult(PGconn *conn) {
    return ((PGresult * (*)(PGconn *conn))photolib_lazy_library_function(&library, 11))(conn);
}
HIDDEN int PQgetisnull(const PGresult *res, int tup_num, int field_num) {
    return ((int (*)(const PGresult *res, int tup_num, int field_num))photolib_lazy_library_function(&library, 12))(res, tup_num, field_num);
}
HIDDEN int PQgetlength(const PGresult *res, int tup_num, int field_num) {
    return ((int (*)(const PGresult *res, int tup_num, int field_num))photolib_lazy_library_function(&library, 13))(res, tup_num, field_num);
}
HIDDEN char *PQgetvalue(const PGresult *res, int tup_num, int field_num) {
    return ((char * (*)(const PGresult *res, int tup_num, int field_num))photolib_lazy_library_function(&library, 14))(res, tup_num, field_num);
}
HIDDEN int PQntuples(const PGresult *res) {
    return ((int (*)(const PGresult *res))photolib_lazy_library_function(&library, 15))(res);
}
HIDDEN int PQputCopyData(PGconn *conn, const char *buffer, int nbytes) {
    return ((int (*)(PGconn *conn, const char *buffer, int nbytes))photolib_lazy_library_function(&library, 16))(conn, buffer, nbytes);
}
HIDDEN int PQputCopyEnd(PGconn *conn, const char *errormsg) {
    return ((int (*)(PGconn *conn, const char *errormsg))photolib_lazy_library_function(&library, 17))(conn, errormsg);
}
HIDDEN void PQreset(PGconn *conn) {
    ((void (*)(PGconn *conn))photolib_lazy_library_function(&library, 18))(conn);
}
HIDDEN char *PQresultErrorField(const PGresult *res, int fieldcode) {
    return ((char * (*)(const PGresult *res, int fieldcode))photolib_lazy_library_function(&library, 19))(res, fieldcode);
}
HIDDEN char *PQresultErrorMessage(const PGresult *res) {
    return ((char * (*)(const PGresult *res))photolib_lazy_library_function(&library, 20))(res);
}
HIDDEN ExecStatusType PQresultStatus(const PGresult *res) {
    return ((ExecStatusType (*)(const PGresult *res))photolib_lazy_library_function(&library, 21))(res);
}
HIDDEN PQnoticeProcessor PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg) {
    return ((PQnoticeProcessor (*)(PGconn *conn, PQnoticeProcessor proc, void *arg))photolib_lazy_library_function(&library, 22))(conn, proc, arg);
}
HIDDEN ConnStatusType PQstatus(const PGconn *conn) {
    return ((ConnStatusType (*)(const PGconn *conn))photolib_lazy_library_function(&library, 23))(conn);
}
HIDDEN PGTransactionStatusType PQtransactionStatus(const PGconn *conn) {
    return ((PGTransactionStatusType (*)(const PGconn *conn))photolib_lazy_library_function(&library, 24))(conn);
}
HIDDEN int PQconnectionNeedsPassword(const PGconn *conn) {
    return ((int (*)(const PGconn *conn))photolib_lazy_library_function(&library, 25))(conn);
}
HIDDEN int PQlibVersion(void) {
    return ((int (*)(void))photolib_lazy_library_function(&library, 26))();
}
HIDDEN PGconn *PQconnectStartParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    return ((PGconn * (*)(const char *const *keywords, const char *const *values, int expand_dbname))photolib_lazy_library_function(&library, 27))(keywords, values, expand_dbname);
}
HIDDEN PostgresPollingStatusType PQconnectPoll(PGconn *conn) {
    return ((PostgresPollingStatusType (*)(PGconn *conn))photolib_lazy_library_function(&library, 28))(conn);
}
HIDDEN int PQsocket(const PGconn *conn) {
    return ((int (*)(const PGconn *conn))photolib_lazy_library_function(&library, 29))(conn);
}
