/* hp-findings-private.h — what the findings' files share: reading cells, rank sets in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-findings.h"

G_BEGIN_DECLS

HpFinding *_hp_finding_new (double score,
                            char  *text);
double     _hp_finding_cell (HpTable *table,
                             guint    row,
                             int      column);
int        _hp_finding_row_rank (HpTable *table,
                                 guint    row);
int        _hp_finding_extreme_row (HpTable    *table,
                                    const char *column_name,
                                    gboolean    largest);

G_END_DECLS
