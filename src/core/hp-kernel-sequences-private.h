/* hp-kernel-sequences-private.h — the patterns found, shared by their table and the overlaid trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-kernel-sequences.h"

G_BEGIN_DECLS

typedef struct
{
  char   *text;
  gint64  count;
  gint64  gpu_ns;
  gint64  cpu_ns;
  GArray *events; /* guint32, sorted, unique */
  GArray *roots;  /* guint32 */
} HpKernelPattern;

struct _HpKernelSequences
{
  HpTrace      *trace;
  const HpRank *rank;
  HpTable      *table;
  GPtrArray    *patterns; /* HpKernelPattern, in table order */
};

G_END_DECLS
