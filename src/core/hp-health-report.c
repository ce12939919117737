/* hp-health-report.c — a health report: its findings, the verdict they give each analysis, and its lines grouped by rank.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-analysis.h"
#include "hp-health-private.h"
#include "hp-job-info.h"

static int
cmp_int (gconstpointer a,
         gconstpointer b)
{
  int x = *(const int *)a, y = *(const int *)b;

  return (x > y) - (x < y);
}

/* the job's loaded ranks, for the lines that group ranks */
void
_hp_health_report_set_ranks (HpHealthReport *self,
                             HpTrace        *trace)
{
  g_array_set_size (self->ranks, 0);
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      int rank = hp_trace_get_rank (trace, p)->rank;

      g_array_append_val (self->ranks, rank);
    }
  g_array_sort (self->ranks, cmp_int);
}

/* adds a finding as a summary recorded it; @verdicts has one per analysis
 * of hp_analysis_list() and is taken */
void
_hp_health_report_add_finding (HpHealthReport  *self,
                               int              rank,
                               const char      *file,
                               const char      *code,
                               HpHealthSeverity severity,
                               guint64          count,
                               const char      *message,
                               HpHealthVerdict *verdicts)
{
  HpHealthFinding f = { 0 };

  f.rank = rank;
  f.file = g_strdup (file);
  f.code = g_intern_string (code);
  f.severity = severity;
  f.count = count;
  f.message = g_strdup (message);
  f.verdicts = verdicts;
  g_array_append_val (self->findings, f);
}
HpHealthReport *
hp_health_report_ref (HpHealthReport *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
hp_health_report_unref (HpHealthReport *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref))
    return;
  g_array_unref (self->findings);
  g_array_unref (self->ranks);
  g_free (self->needs);
  g_free (self);
}

guint
hp_health_report_get_n_findings (HpHealthReport *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->findings->len;
}

const HpHealthFinding *
hp_health_report_get_finding (HpHealthReport *self,
                              guint           i)
{
  g_return_val_if_fail (self != NULL && i < self->findings->len, NULL);
  return &g_array_index (self->findings, HpHealthFinding, i);
}

/**
 * hp_health_report_get_verdict:
 * @rank: a rank
 * @analysis: an index into hp_analysis_list()
 *
 * Returns: the worst verdict of the findings about @rank (or the whole job)
 *   for @analysis
 */
HpHealthVerdict
hp_health_report_get_verdict (HpHealthReport *self,
                              int             rank,
                              guint           analysis)
{
  HpHealthVerdict worst = HP_HEALTH_TRUST;

  g_return_val_if_fail (self != NULL && analysis < self->n_analyses, HP_HEALTH_TRUST);
  for (guint k = 0; k < self->findings->len; k++)
    {
      const HpHealthFinding *f = &g_array_index (self->findings, HpHealthFinding, k);

      if ((f->rank == rank || f->rank < 0) && f->verdicts[analysis] > worst)
        worst = f->verdicts[analysis];
    }
  return worst;
}

/**
 * hp_health_report_get_reasons:
 * @rank: a rank, or -1 for the findings of every rank
 * @analysis: an index into hp_analysis_list()
 *
 * Returns: (transfer full) (nullable): the messages of the findings that
 *   touch @analysis, one a line, prefixed by their rank; %NULL when none
 */
char *
hp_health_report_get_reasons (HpHealthReport *self,
                              int             rank,
                              guint           analysis)
{
  g_autoptr (GString) out = g_string_new (NULL);

  g_return_val_if_fail (self != NULL && analysis < self->n_analyses, NULL);
  for (guint k = 0; k < self->findings->len; k++)
    {
      const HpHealthFinding *f = &g_array_index (self->findings, HpHealthFinding, k);

      if (f->verdicts[analysis] == HP_HEALTH_TRUST || (rank >= 0 && f->rank != rank && f->rank >= 0))
        continue;
      if (out->len > 0)
        g_string_append_c (out, '\n');
      if (f->rank >= 0)
        g_string_append_printf (out, "rank %d: ", f->rank);
      g_string_append (out, f->message);
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

HpHealthSeverity
hp_health_report_get_worst (HpHealthReport *self)
{
  HpHealthSeverity worst = HP_HEALTH_INFO;

  g_return_val_if_fail (self != NULL, HP_HEALTH_INFO);
  for (guint k = 0; k < self->findings->len; k++)
    worst = MAX (worst, g_array_index (self->findings, HpHealthFinding, k).severity);
  return worst;
}

const char *
hp_health_severity_to_string (HpHealthSeverity severity)
{
  switch (severity)
    {
    case HP_HEALTH_ERROR:
      return "error";
    case HP_HEALTH_WARNING:
      return "warning";
    case HP_HEALTH_INFO:
    default:
      return "info";
    }
}

const char *
hp_health_verdict_to_string (HpHealthVerdict verdict)
{
  switch (verdict)
    {
    case HP_HEALTH_CAUTION:
      return "caution";
    case HP_HEALTH_NOT_APPLICABLE:
      return "not applicable";
    case HP_HEALTH_TRUST:
    default:
      return "trust";
    }
}

static int
cmp_int_asc (gconstpointer a,
             gconstpointer b)
{
  return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

static void
health_group_free (gpointer data)
{
  HpHealthGroup *group = data;

  g_array_unref (group->ranks);
  g_free (group->ranks_text);
  g_free (group);
}

/* "rank 3", "ranks 0–7", "ranks 0–2, 4–7 (all but 3)" */
static char *
group_ranks_text (const GArray *ranks,
                  const GArray *all)
{
  g_autofree char *listed = hp_ranks_to_text ((const int *)(void *)ranks->data, ranks->len);
  g_autoptr (GArray) others = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *but = NULL;

  if (ranks->len == 1)
    return g_strdup_printf ("rank %s", listed);
  for (guint i = 0, j = 0; i < all->len; i++)
    {
      while (j < ranks->len && g_array_index (ranks, int, j) < g_array_index (all, int, i))
        j++;
      if (j == ranks->len || g_array_index (ranks, int, j) != g_array_index (all, int, i))
        g_array_append_val (others, g_array_index (all, int, i));
    }
  /* a few exceptions are named; many are not news */
  if (others->len == 0 || others->len > 3)
    return g_strdup_printf ("ranks %s", listed);
  but = hp_ranks_to_text ((const int *)(void *)others->data, others->len);
  return g_strdup_printf ("ranks %s (all but %s)", listed, but);
}

/**
 * hp_health_report_group:
 *
 * The report's findings with the ones said alike of several ranks (same
 * severity, code and message) as one, in the order their first finding
 * came: a job of eight ranks lacking memcpys on every rank has one group
 * "ranks 0–7", not eight lines.
 *
 * Returns: (transfer full) (element-type HpHealthGroup): the groups
 */
GPtrArray *
hp_health_report_group (HpHealthReport *self)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func (health_group_free);
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_return_val_if_fail (self != NULL, groups);
  for (guint k = 0; k < self->findings->len; k++)
    {
      const HpHealthFinding *f = &g_array_index (self->findings, HpHealthFinding, k);
      g_autofree char       *key = g_strdup_printf ("%d\x1f%s\x1f%s", f->severity, f->code, f->message);
      HpHealthGroup         *group = f->rank >= 0 ? g_hash_table_lookup (index, key) : NULL;

      if (group == NULL)
        {
          group = g_new0 (HpHealthGroup, 1);
          group->finding = f;
          group->ranks = g_array_new (FALSE, FALSE, sizeof (int));
          g_ptr_array_add (groups, group);
          if (f->rank >= 0)
            g_hash_table_insert (index, g_steal_pointer (&key), group);
        }
      if (f->rank >= 0)
        g_array_append_val (group->ranks, f->rank);
    }
  for (guint g = 0; g < groups->len; g++)
    {
      HpHealthGroup *group = groups->pdata[g];

      g_array_sort (group->ranks, cmp_int_asc);
      if (group->ranks->len > 0)
        group->ranks_text = group_ranks_text (group->ranks, self->ranks);
    }
  return groups;
}
