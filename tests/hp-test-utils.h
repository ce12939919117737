/* hp-test-utils.h — helpers shared by the test programs: data paths, loading, CSV, golden tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "hp-loader.h"
#include "hp-table.h"
#include "hp-trace.h"

G_BEGIN_DECLS

char    *hp_test_data_path (const char *first,
                            ...) G_GNUC_NULL_TERMINATED;
char    *hp_test_golden_path (const char *case_name,
                              const char *file);
HpTrace *hp_test_load (const char *case_name,
                       HpMode      mode);

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
void     hp_test_assert_table_matches_golden (HpTable    *table,
                                              const char *golden_csv_path);

G_END_DECLS
