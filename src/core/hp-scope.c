/* hp-scope.c — scopes, and the scoped view of a trace that analyses run on.
 *
 * A scope narrows every analysis to part of a trace: a time range, one
 * step, or the instances of an annotation. hp_trace_apply_scope() returns a
 * trace that shares every column with the whole one and differs only in
 * each rank's analysis rows (and, for a range in the default mode, in the
 * start and duration of the events that cross its edges), so any analysis
 * runs on a scope unchanged, in time proportional to the rows.
 *
 * Which rows a scope keeps, per mode (the HTA-compatibility rules are those
 * of HTA's own trace filters):
 *
 * | scope | default mode | HTA-compatibility mode |
 * | --- | --- | --- |
 * | step N | rows of iteration N: host events that start in the step, and the GPU work they launched | the same, by HTA's iteration rules (IterationFilter) |
 * | range | events that overlap it, clipped to it, so each counts only its time inside | events that lie wholly inside it (TimeRangeFilter) |
 * | annotation | host events inside an instance, the GPU work they launched, and unlinked GPU events that start inside | host events inside an instance and the GPU work they launched (UnderOperatorFilter with GPU kernels) |
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hp-analysis.h"
#include "hp-core-private.h"
#include "hp-rank-access.h"
#include "hp-scope.h"

struct _HpScope
{
  gatomicrefcount ref_count;
  HpScopeKind     kind;
  HpTimeSpan      range;
  int             step;
  char           *annotation;
  int             instance;
};

G_DEFINE_BOXED_TYPE (HpScope, hp_scope, hp_scope_ref, hp_scope_unref)

static HpScope *
scope_new (HpScopeKind kind)
{
  HpScope *self = g_new0 (HpScope, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->kind = kind;
  self->step = -1;
  self->instance = HP_SCOPE_ALL_INSTANCES;
  return self;
}

HpScope *
hp_scope_new_whole (void)
{
  return scope_new (HP_SCOPE_WHOLE);
}

/**
 * hp_scope_new_range:
 * @span: nanoseconds on the trace's aligned clock; must not be empty
 */
HpScope *
hp_scope_new_range (HpTimeSpan span)
{
  HpScope *self;

  g_return_val_if_fail (!hp_time_span_is_empty (span), NULL);
  self = scope_new (HP_SCOPE_RANGE);
  self->range = span;
  return self;
}

HpScope *
hp_scope_new_step (int step)
{
  HpScope *self;

  g_return_val_if_fail (step >= 0, NULL);
  self = scope_new (HP_SCOPE_STEP);
  self->step = step;
  return self;
}

/**
 * hp_scope_new_annotation:
 * @name: the event name, exactly
 * @instance: which instance in start order: 0 the first, −1 the last (as
 *   HTA's instance ids), or %HP_SCOPE_ALL_INSTANCES
 */
HpScope *
hp_scope_new_annotation (const char *name,
                         int         instance)
{
  HpScope *self;

  g_return_val_if_fail (name != NULL && *name != '\0', NULL);
  self = scope_new (HP_SCOPE_ANNOTATION);
  self->annotation = g_strdup (name);
  self->instance = instance;
  return self;
}

HpScope *
hp_scope_ref (HpScope *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_scope_unref (HpScope *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->annotation);
  g_free (self);
}

HpScopeKind
hp_scope_get_kind (const HpScope *self)
{
  return self != NULL ? self->kind : HP_SCOPE_WHOLE;
}

/* %NULL is the whole trace too */
gboolean
hp_scope_is_whole (const HpScope *self)
{
  return self == NULL || self->kind == HP_SCOPE_WHOLE;
}

HpTimeSpan
hp_scope_get_range (const HpScope *self)
{
  g_return_val_if_fail (hp_scope_get_kind (self) == HP_SCOPE_RANGE, hp_time_span_make (0, 0));
  return self->range;
}

int
hp_scope_get_step (const HpScope *self)
{
  g_return_val_if_fail (hp_scope_get_kind (self) == HP_SCOPE_STEP, -1);
  return self->step;
}

const char *
hp_scope_get_annotation (const HpScope *self)
{
  g_return_val_if_fail (hp_scope_get_kind (self) == HP_SCOPE_ANNOTATION, NULL);
  return self->annotation;
}

int
hp_scope_get_instance (const HpScope *self)
{
  g_return_val_if_fail (hp_scope_get_kind (self) == HP_SCOPE_ANNOTATION, HP_SCOPE_ALL_INSTANCES);
  return self->instance;
}

gboolean
hp_scope_equal (const HpScope *a,
                const HpScope *b)
{
  if (hp_scope_get_kind (a) != hp_scope_get_kind (b))
    return FALSE;
  switch (hp_scope_get_kind (a))
    {
    case HP_SCOPE_WHOLE:
      return TRUE;
    case HP_SCOPE_RANGE:
      return hp_time_span_equal (a->range, b->range);
    case HP_SCOPE_STEP:
      return a->step == b->step;
    case HP_SCOPE_ANNOTATION:
      return a->instance == b->instance && strcmp (a->annotation, b->annotation) == 0;
    default:
      g_assert_not_reached ();
    }
}

guint
hp_scope_hash (const HpScope *self)
{
  switch (hp_scope_get_kind (self))
    {
    case HP_SCOPE_WHOLE:
      return 0;
    case HP_SCOPE_RANGE:
      return (guint)(self->range.start ^ (self->range.end * 31) ^ (self->range.end >> 32));
    case HP_SCOPE_STEP:
      return 2 + (guint)self->step * 7;
    case HP_SCOPE_ANNOTATION:
      return g_str_hash (self->annotation) ^ (guint)self->instance;
    default:
      g_assert_not_reached ();
    }
}

/* microseconds as the shortest decimal text that reads back to the same ns */
static char *
us_text (gint64 ns)
{
  if (ns % HP_NS_PER_US == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT, ns / HP_NS_PER_US);
  return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%03d", ns < 0 && ns > -HP_NS_PER_US ? "-" : "",
                          ns / HP_NS_PER_US, (int)llabs (ns % HP_NS_PER_US));
}

/**
 * hp_scope_to_string:
 *
 * Returns: (transfer full): the scope as hp_scope_parse() reads it:
 *   `whole`, `step:12`, `range:1500-2500.5` (µs), `annotation:NAME#3`
 */
char *
hp_scope_to_string (const HpScope *self)
{
  switch (hp_scope_get_kind (self))
    {
    case HP_SCOPE_WHOLE:
      return g_strdup ("whole");
    case HP_SCOPE_RANGE:
      {
        g_autofree char *a = us_text (self->range.start);
        g_autofree char *b = us_text (self->range.end);

        return g_strdup_printf ("range:%s-%s", a, b);
      }
    case HP_SCOPE_STEP:
      return g_strdup_printf ("step:%d", self->step);
    case HP_SCOPE_ANNOTATION:
      if (self->instance == HP_SCOPE_ALL_INSTANCES)
        return g_strdup_printf ("annotation:%s", self->annotation);
      return g_strdup_printf ("annotation:%s#%d", self->annotation, self->instance);
    default:
      g_assert_not_reached ();
    }
}

/* a time for people: "1.234 s", "52.1 ms", "830 µs" */
static char *
time_text (gint64 ns)
{
  double v = (double)ns;

  if (fabs (v) >= 1e9)
    return g_strdup_printf (_ ("%.3f s"), v / 1e9);
  if (fabs (v) >= 1e6)
    return g_strdup_printf (_ ("%.3f ms"), v / 1e6);
  if (fabs (v) >= 1e3 || ns == 0)
    return g_strdup_printf (_ ("%.3f µs"), v / 1e3);
  return g_strdup_printf (_ ("%" G_GINT64_FORMAT " ns"), ns);
}

/**
 * hp_scope_describe:
 *
 * Returns: (transfer full): the scope for people, translated: "Whole
 *   trace", "Step 12", "12.500 ms – 40.000 ms", "## backward ## #3"
 */
char *
hp_scope_describe (const HpScope *self)
{
  switch (hp_scope_get_kind (self))
    {
    case HP_SCOPE_WHOLE:
      return g_strdup (_ ("Whole trace"));
    case HP_SCOPE_RANGE:
      {
        g_autofree char *a = time_text (self->range.start);
        g_autofree char *b = time_text (self->range.end);

        /* TRANSLATORS: a time range, "12.500 ms – 40.000 ms" */
        return g_strdup_printf (_ ("%s – %s"), a, b);
      }
    case HP_SCOPE_STEP:
      return g_strdup_printf (_ ("Step %d"), self->step);
    case HP_SCOPE_ANNOTATION:
      if (self->instance == HP_SCOPE_ALL_INSTANCES)
        /* TRANSLATORS: every instance of an annotation, "## forward ## (all)" */
        return g_strdup_printf (_ ("%s (all)"), self->annotation);
      return g_strdup_printf ("%s #%d", self->annotation, self->instance);
    default:
      g_assert_not_reached ();
    }
}

static gboolean
parse_us (const char *text,
          const char *end,
          gint64     *ns)
{
  g_autofree char *s = g_strndup (text, end - text);
  char            *stop = NULL;
  double           v;

  g_strstrip (s);
  if (*s == '\0')
    return FALSE;
  v = g_ascii_strtod (s, &stop);
  /* a range beyond ±100 days of trace time is a typo */
  if (stop == s || *stop != '\0' || !isfinite (v) || fabs (v) > 8.64e12)
    return FALSE;
  *ns = (gint64)llround (v * HP_NS_PER_US);
  return TRUE;
}

/**
 * hp_scope_parse:
 * @text: `whole`, `step:N`, `range:START_US-END_US` or
 *   `annotation:NAME[#N]` (the last `#N` of the name is the instance,
 *   0 the first, −1 the last; without it every instance)
 *
 * Returns: (transfer full): the scope, or %NULL with
 *   %HP_ANALYSIS_ERROR_INVALID_PARAMETER and the reason
 */
HpScope *
hp_scope_parse (const char *text,
                GError    **error)
{
  const char *colon;

  g_return_val_if_fail (text != NULL, NULL);

  if (strcmp (text, "whole") == 0 || strcmp (text, "all") == 0)
    return hp_scope_new_whole ();
  colon = strchr (text, ':');
  if (colon != NULL && strncmp (text, "step", colon - text) == 0 && colon - text == 4)
    {
      gint64 step;

      if (g_ascii_string_to_signed (colon + 1, 10, 0, G_MAXINT, &step, NULL))
        return hp_scope_new_step ((int)step);
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "scope '%s': a step is a number ≥ 0, as in step:12", text);
      return NULL;
    }
  if (colon != NULL && colon - text == 5 && strncmp (text, "range", 5) == 0)
    {
      const char *a = colon + 1;
      /* the dash that ends the start: skip a leading minus sign */
      const char *dash = strchr (*a == '-' ? a + 1 : a, '-');
      gint64      start, end;

      if (dash != NULL && parse_us (a, dash, &start) && parse_us (dash + 1, dash + 1 + strlen (dash + 1), &end) &&
          end > start)
        return hp_scope_new_range (hp_time_span_make (start, end));
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "scope '%s': a range is START_US-END_US with START < END, as in range:1500-2500.5", text);
      return NULL;
    }
  if (colon != NULL && colon - text == 10 && strncmp (text, "annotation", 10) == 0)
    {
      const char      *name = colon + 1;
      const char      *hash = strrchr (name, '#');
      gint64           instance = HP_SCOPE_ALL_INSTANCES;
      g_autofree char *bare = NULL;

      if (hash != NULL && hash > name &&
          g_ascii_string_to_signed (hash + 1, 10, G_MININT + 1, G_MAXINT, &instance, NULL))
        bare = g_strndup (name, hash - name);
      else
        bare = g_strdup (name);
      if (*bare != '\0')
        return hp_scope_new_annotation (bare, (int)instance);
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "scope '%s': name the annotation, as in annotation:## forward ###0", text);
      return NULL;
    }
  g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
               "scope '%s': use whole, step:N, range:START_US-END_US or annotation:NAME[#N]", text);
  return NULL;
}

/* host event: not GPU activity by the mode's kernel-filter definition */
static inline gboolean
is_host (const HpRank *r,
         guint         e)
{
  return !(r->flags[e] & HP_EVENT_G2);
}

static int
cmp_span_start (gconstpointer a,
                gconstpointer b)
{
  const HpTimeSpan *x = a;
  const HpTimeSpan *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->end < y->end ? -1 : (x->end > y->end ? 1 : 0);
}

/**
 * hp_scope_get_rank_spans:
 * @spans: (element-type HpTimeSpan): receives the spans, by start
 *
 * Where the scope lies on one rank: the range itself, the rank's
 * `ProfilerStep#N`, or its instances of the annotation. Used to shade the
 * scope on the timeline and by hp_trace_apply_scope().
 *
 * Returns: whether the scope occurs on @rank at all (a whole-trace scope
 *   gives the rank's span)
 */
gboolean
hp_scope_get_rank_spans (const HpScope *self,
                         HpTrace       *trace,
                         const HpRank  *r,
                         GArray        *spans)
{
  guint32 name = HP_NO_STRING;

  g_return_val_if_fail (trace != NULL && r != NULL && spans != NULL, FALSE);

  switch (hp_scope_get_kind (self))
    {
    case HP_SCOPE_WHOLE:
      {
        HpTimeSpan all = hp_rank_get_rows_span (r);

        if (r->n_rows > 0)
          g_array_append_val (spans, all);
        return r->n_rows > 0;
      }
    case HP_SCOPE_RANGE:
      g_array_append_val (spans, self->range);
      return TRUE;
    case HP_SCOPE_STEP:
      {
        g_autoptr (GArray) steps = hp_rank_get_steps (trace, r);

        for (guint i = 0; i < steps->len; i++)
          if (g_array_index (steps, HpStep, i).number == self->step)
            g_array_append_val (spans, g_array_index (steps, HpStep, i).span);
      }
      break;
    case HP_SCOPE_ANNOTATION:
      {
        g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (HpTimeSpan));

        name = hp_trace_lookup_string (trace, self->annotation);
        for (guint e = 0; name != HP_NO_STRING && e < r->n_events; e++)
          if (r->name[e] == name && (r->flags[e] & HP_EVENT_MEASURED) && is_host (r, e))
            {
              HpTimeSpan s = hp_time_span_make (r->ts[e], r->ts[e] + hp_rank_dur (r, e));

              g_array_append_val (found, s);
            }
        g_array_sort (found, cmp_span_start);
        if (self->instance == HP_SCOPE_ALL_INSTANCES)
          g_array_append_vals (spans, found->data, found->len);
        else
          {
            gint64 i = self->instance >= 0 ? self->instance : (gint64)found->len + self->instance;

            if (i >= 0 && i < found->len)
              g_array_append_val (spans, g_array_index (found, HpTimeSpan, i));
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }
  g_array_sort (spans, cmp_span_start);
  return spans->len > 0;
}

/* merges sorted spans into disjoint ones */
static void
merge_spans (GArray *spans)
{
  guint out = 0;

  for (guint i = 0; i < spans->len; i++)
    {
      HpTimeSpan s = g_array_index (spans, HpTimeSpan, i);

      if (out > 0 && s.start <= g_array_index (spans, HpTimeSpan, out - 1).end)
        {
          HpTimeSpan *last = &g_array_index (spans, HpTimeSpan, out - 1);

          last->end = MAX (last->end, s.end);
        }
      else
        g_array_index (spans, HpTimeSpan, out++) = s;
    }
  g_array_set_size (spans, out);
}

/* the disjoint span holding [start, end) wholly, by binary search */
static gboolean
inside_spans (GArray *spans,
              gint64  start,
              gint64  end)
{
  guint lo = 0, hi = spans->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (spans, HpTimeSpan, mid).start <= start)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 && end <= g_array_index (spans, HpTimeSpan, lo - 1).end &&
         start < g_array_index (spans, HpTimeSpan, lo - 1).end;
}

/* The rows of @r the scope keeps, in row order; a range in the default
 * mode also clips the times (@ts and @dur are then new columns). */
static void
select_rows (const HpScope *self,
             HpTrace       *trace,
             HpRank        *view,
             const HpRank  *r)
{
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint32));
  gboolean compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;

  switch (self->kind)
    {
    case HP_SCOPE_STEP:
      for (guint k = 0; k < r->n_rows; k++)
        if (hp_rank_iteration (r, r->rows[k]) == self->step)
          g_array_append_val (rows, r->rows[k]);
      break;

    case HP_SCOPE_RANGE:
      {
        HpTimeSpan span = self->range;
        gint64    *ts = NULL;

        for (guint k = 0; k < r->n_rows; k++)
          {
            guint  e = r->rows[k];
            gint64 end = r->ts[e] + hp_rank_dur (r, e);

            if (compat ? (r->ts[e] >= span.start && end <= span.end)
                       : hp_time_span_overlaps (span, r->ts[e], end))
              {
                g_array_append_val (rows, e);
                if (!compat && (r->ts[e] < span.start || end > span.end))
                  {
                    if (ts == NULL)
                      {
                        ts = g_memdup2 (r->ts, MAX (r->n_events, 1) * sizeof (gint64));
                        _hp_column32_copy (&view->dur, &r->dur, r->n_events);
                      }
                    ts[e] = MAX (r->ts[e], span.start);
                    _hp_column32_set (&view->dur, e, MIN (end, span.end) - ts[e]);
                  }
              }
          }
        if (ts != NULL)
          view->ts = ts;
      }
      break;

    case HP_SCOPE_ANNOTATION:
      {
        g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (HpTimeSpan));
        g_autofree guint8 *picked = NULL;

        if (!hp_scope_get_rank_spans (self, trace, r, spans))
          break;
        merge_spans (spans);
        picked = g_new0 (guint8, MAX (r->n_events, 1));
        for (guint k = 0; k < r->n_rows; k++)
          {
            guint e = r->rows[k];

            if (is_host (r, e) && inside_spans (spans, r->ts[e], r->ts[e] + hp_rank_dur (r, e)))
              picked[e] = 1;
          }
        for (guint k = 0; k < r->n_rows; k++)
          {
            guint    e = r->rows[k];
            gboolean keep;

            if (is_host (r, e))
              keep = picked[e];
            else if (r->partner[e] >= 0)
              keep = picked[r->partner[e]];
            else
              keep = !compat && inside_spans (spans, r->ts[e], r->ts[e]);
            if (keep)
              g_array_append_val (rows, e);
          }
      }
      break;

    case HP_SCOPE_WHOLE:
    default:
      g_assert_not_reached ();
    }

  view->n_rows = rows->len;
  view->rows = (guint32 *)g_array_free (g_steal_pointer (&rows), FALSE);
  _hp_rank_collect_iterations (view);
}

static char *
steps_text (HpTrace *trace)
{
  int lo = G_MAXINT, hi = -1;

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      if (r->n_iterations > 0)
        {
          lo = MIN (lo, r->iterations[0]);
          hi = MAX (hi, r->iterations[r->n_iterations - 1]);
        }
    }
  if (hi < 0)
    return g_strdup ("it has no ProfilerStep");
  return g_strdup_printf ("its steps are %d to %d", lo, hi);
}

/**
 * hp_trace_apply_scope:
 * @scope: (nullable): %NULL or a whole-trace scope give @trace itself
 *
 * The trace as the analyses see it within @scope: the same ranks, strings
 * and events, with each rank's analysis rows narrowed to the scope (see
 * the table at the top of this file). The result keeps @trace alive; it is
 * immutable and cheap (one row list per rank).
 *
 * Returns: (transfer full): the scoped trace, or %NULL with
 *   %HP_ANALYSIS_ERROR_NO_DATA when no rank has any event in the scope
 */
HpTrace *
hp_trace_apply_scope (HpTrace       *trace,
                      const HpScope *scope,
                      GError       **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  guint n_rows = 0;

  g_return_val_if_fail (trace != NULL, NULL);

  if (hp_scope_is_whole (scope))
    return hp_trace_ref (trace);

  /* a job opened from summaries holds each rank's tables over the whole
   * trace, and no table per step: a scope needs the traces */
  {
    g_autofree char *what = hp_scope_to_string (scope);
    g_autofree char *scoped = g_strdup_printf ("scope %s", what);
    g_autofree char *why = _hp_trace_why_no_events (trace, scoped);

    if (why != NULL)
      {
        g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, why);
        return NULL;
      }
  }

  ranks = g_ptr_array_new ();
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);
      HpRank       *view = g_memdup2 (r, sizeof *r);

      select_rows (scope, trace, view, r);
      n_rows += view->n_rows;
      g_ptr_array_add (ranks, view);
    }
  if (n_rows == 0)
    {
      g_autofree char *what = hp_scope_to_string (scope);
      g_autofree char *steps = steps_text (trace);

      /* the views' rows are freed with an (empty) trace of them */
      hp_trace_unref (_hp_trace_new_view (trace, g_steal_pointer (&ranks), hp_scope_ref ((HpScope *)scope),
                                          (GDestroyNotify)hp_scope_unref));
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, "scope %s: no event of the trace is in it (%s)",
                   what, steps);
      return NULL;
    }
  return _hp_trace_new_view (trace, g_steal_pointer (&ranks), hp_scope_ref ((HpScope *)scope),
                             (GDestroyNotify)hp_scope_unref);
}
