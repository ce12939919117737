/* hp-test-utils.h — helpers shared by the test programs: data paths, loading, CSV, golden tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "hp-core.h"

G_BEGIN_DECLS

char    *hp_test_data_path (const char *first,
                            ...) G_GNUC_NULL_TERMINATED;
char    *hp_test_golden_path (const char *case_name,
                              const char *file);
char    *hp_test_copy_file (const char *source,
                            const char *dir,
                            const char *name);
HpTrace *hp_test_load (const char *case_name,
                       HpMode      mode);
HpTrace *hp_test_load_with_options (const char          *path,
                                    const HpLoadOptions *options);

const char *const *hp_test_hta_cases (guint *n_cases);
GPtrArray         *hp_test_golden_cases (const char *golden_file,
                                         GFileTest   data_test);
char              *hp_test_golden_status (const char *case_name,
                                          const char *call);
void               hp_test_add_golden_tests (const char   *path_prefix,
                                             const char   *golden_file,
                                             GFileTest     data_test,
                                             GTestDataFunc func);

void       hp_test_params_set_ranks (HpAnalysisParams *params,
                                     const int        *ranks,
                                     gssize            n_ranks);
GPtrArray *hp_test_run (HpAnalysisFunc          func,
                        HpTrace                *trace,
                        const HpAnalysisParams *params);
void       hp_test_assert_analysis_fails (HpAnalysisFunc          func,
                                          HpTrace                *trace,
                                          const HpAnalysisParams *params,
                                          GCancellable           *cancellable,
                                          GQuark                  domain,
                                          int                     code);
void       hp_test_assert_cancelled (HpAnalysisFunc func,
                                     HpTrace       *trace);
void       hp_test_add_cancelled_test (const char    *path,
                                       HpAnalysisFunc func,
                                       const char    *case_name);
HpTable   *hp_test_table_at (GPtrArray  *tables,
                             guint       i,
                             const char *name);
guint      hp_test_find_event (HpTrace    *trace,
                               const char *name);
int        hp_test_column (HpTable    *table,
                           const char *name);
double     hp_test_cell (HpTable    *table,
                         guint       row,
                         const char *column);
void       hp_test_assert_close (double ours,
                                 double expected);

GPtrArray *hp_test_parse_csv (const char *text,
                              gssize      len);
GPtrArray *hp_test_read_csv (const char *path);
int        hp_test_csv_column (GPtrArray  *rows,
                               const char *name);

gboolean hp_test_values_match (const char *ours,
                               const char *golden);
char    *hp_test_compare_csv (const char *table_name,
                              GPtrArray  *ours,
                              GPtrArray  *golden);
HpTable *hp_test_table_from_csv (const char *name,
                                 const char *title,
                                 const char *columns,
                                 const char *rows);
void     hp_test_assert_table_matches_golden (HpTable    *table,
                                              const char *golden_csv_path);

typedef struct
{
  int   status;
  char *out;
  char *err;
} HpTestCliRun;

void hp_test_cli_run_clear (HpTestCliRun *run);
void hp_test_run_cli (HpTestCliRun *run,
                      ...) G_GNUC_NULL_TERMINATED;
void hp_test_run_app (HpTestCliRun *run,
                      ...) G_GNUC_NULL_TERMINATED;
void hp_test_remove_tree (const char *dir);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (HpTestCliRun, hp_test_cli_run_clear)

/* Fixtures for tests that share their setup (tests/README.md) */
typedef struct
{
  HpTrace         *trace;  /* the test's case in the default mode, or NULL */
  HpTrace         *compat; /* the same case in HTA-compat mode, or NULL */
  HpAnalysisParams params; /* the defaults; cleared in teardown */
} HpTestTraceFixture;

void hp_test_trace_setup (HpTestTraceFixture *fixture,
                          gconstpointer       case_name);
void hp_test_trace_setup_default (HpTestTraceFixture *fixture,
                                  gconstpointer       case_name);
void hp_test_trace_setup_compat (HpTestTraceFixture *fixture,
                                 gconstpointer       case_name);
void hp_test_trace_teardown (HpTestTraceFixture *fixture,
                             gconstpointer       case_name);

/* g_test_add() of a test on an #HpTestTraceFixture holding @case_name,
 * loaded by @setup (one of the hp_test_trace_setup functions) */
#define hp_test_add_trace(path, case_name, setup, func) \
  g_test_add ((path), HpTestTraceFixture, (case_name), (setup), (func), hp_test_trace_teardown)

typedef void (*HpTestTraceFunc) (HpTestTraceFixture *fixture,
                                 gconstpointer       case_name);

void hp_test_add_golden_traces (const char     *path_prefix,
                                const char     *golden_file,
                                GFileTest       data_test,
                                HpTestTraceFunc setup,
                                HpTestTraceFunc func);

typedef struct
{
  char *data; /* the path of the test's case in tests/data, or NULL */
  char *dir;  /* a new empty folder, removed with all it holds */
} HpTestDirFixture;

void hp_test_dir_setup (HpTestDirFixture *fixture,
                        gconstpointer     case_name);
void hp_test_dir_teardown (HpTestDirFixture *fixture,
                           gconstpointer     case_name);

/* g_test_add() of a test on an #HpTestDirFixture for @case_name */
#define hp_test_add_dir(path, case_name, func) \
  g_test_add ((path), HpTestDirFixture, (case_name), hp_test_dir_setup, (func), hp_test_dir_teardown)

char *hp_test_begin_german (void);
void  hp_test_end_german (char *old_locale);

G_END_DECLS
