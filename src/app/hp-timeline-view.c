/* hp-timeline-view.c — the interactive multi-rank timeline widget.
 *
 * The view owns an HpTimelinePainter and a visible window [t0, t1) plus a
 * vertical scroll offset. It paints the painter's cached layers into an
 * image surface at the widget's scale factor and re-renders that surface
 * only when the window, the size, the scale, the style or the painter's
 * generation changes; hover, selection, flows and the selected range are
 * drawn over it on every frame (the painter's dynamic layer), so pointer
 * motion never re-renders the lanes.
 *
 * Input, as in chrome://tracing and Perfetto: Ctrl+wheel or pinch zooms at
 * the pointer, wheel and two-finger scroll pan (vertical: lanes,
 * horizontal or Shift+wheel: time), dragging pans, Shift+drag or a drag on
 * the ruler selects a time range, W/S zoom, A/D pan, F zooms to the
 * selection, 0 fits everything. A click selects an event, or collapses a
 * rank when it lands on the rank's header.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "hp-timeline-view.h"

/* the narrowest window, ns, and how far past the trace one may pan */
#define MIN_SPAN 100
#define EDGE_MARGIN 0.05
#define WHEEL_STEP 48.0
#define CLICK_SLOP 4.0

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,
  DRAG_RANGE,
} DragMode;

struct _HpTimelineView
{
  GtkWidget parent_instance;

  HpTrace           *trace;
  HpTimelinePainter *painter;
  HpTimelineFlags    flags;
  double             idle_delay;
  GCancellable      *extras_cancellable;
  HpTimelineFlags    extras_pending;
  GtkAdjustment     *hadjustment;
  GtkAdjustment     *vadjustment;
  GtkGesture        *drag;
  GtkGesture        *pinch;

  gint64 t0;
  gint64 t1;
  double scroll_y;
  guint  syncing;

  /* the picture of the cached layers and what it shows */
  cairo_surface_t   *cache;
  HpTimelineViewport cache_viewport;
  guint              cache_generation;
  gboolean           cache_valid;
  gboolean           style_dark;

  double   pointer_x;
  double   pointer_y;
  gboolean pointer_inside;

  DragMode drag_mode;
  double   drag_x;
  double   drag_y;
  gint64   drag_t0;
  gint64   drag_t1;
  double   drag_scroll;
  gint64   pinch_t0;
  gint64   pinch_t1;

  int      selected_rank_pos;
  gint64   selected_event;
  gboolean reveal_pending; /* selected before the view had a size */
  int      last_height;
  int      hover_rank_pos;
  gint64   hover_event;
  int      current_match;
};

enum
{
  PROP_0,
  PROP_TRACE,
  PROP_START,
  PROP_END,
  PROP_COMPUTING,
  N_PROPS
};

enum
{
  SELECTION_CHANGED,
  RANGE_CHANGED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (HpTimelineView, hp_timeline_view, GTK_TYPE_WIDGET)

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* Geometry */

static void
get_viewport (HpTimelineView     *self,
              HpTimelineViewport *v)
{
  v->t0 = self->t0;
  v->t1 = self->t1;
  v->width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), (int)HP_TIMELINE_GUTTER_WIDTH + 50);
  v->height = MAX (gtk_widget_get_height (GTK_WIDGET (self)), 50);
  v->scroll_y = self->scroll_y;
  v->scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
}

static void
get_mapper (HpTimelineView   *self,
            HpTimelineMapper *m)
{
  HpTimelineViewport v;

  get_viewport (self, &v);
  hp_timeline_mapper_init (m, hp_timeline_painter_get_layout (self->painter), &v);
}

static int
rank_position (HpTimelineView *self,
               int             rank)
{
  for (guint k = 0; self->trace != NULL && k < hp_trace_get_n_ranks (self->trace); k++)
    if (hp_trace_get_rank (self->trace, k)->rank == rank)
      return (int)k;
  return -1;
}

static double
max_scroll (HpTimelineView *self)
{
  HpTimelineLayout *layout;
  double            lanes;

  if (self->painter == NULL)
    return 0;
  layout = hp_timeline_painter_get_layout (self->painter);
  lanes = gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_layout_get_lanes_top (layout);
  return MAX (hp_timeline_layout_get_content_height (layout) - lanes, 0);
}

static void
sync_adjustments (HpTimelineView *self)
{
  HpTimelineLayout *layout;
  gint64            start, end;
  double            lanes;

  if (self->painter == NULL)
    return;
  layout = hp_timeline_painter_get_layout (self->painter);
  hp_timeline_layout_get_time_bounds (layout, &start, &end);
  lanes = MAX (gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_layout_get_lanes_top (layout), 1);

  self->syncing++;
  gtk_adjustment_configure (self->hadjustment, (double)self->t0, (double)MIN (start, self->t0),
                            (double)MAX (end, self->t1), (double)(self->t1 - self->t0) / 10,
                            (double)(self->t1 - self->t0) * 0.9, (double)(self->t1 - self->t0));
  gtk_adjustment_configure (self->vadjustment, self->scroll_y, 0, MAX (hp_timeline_layout_get_content_height (layout), lanes),
                            HP_TIMELINE_SLICE_HEIGHT * 3, lanes * 0.9, lanes);
  self->syncing--;
}

static void
set_scroll (HpTimelineView *self,
            double          scroll_y)
{
  scroll_y = CLAMP (scroll_y, 0, max_scroll (self));
  if (scroll_y == self->scroll_y)
    return;
  self->scroll_y = scroll_y;
  sync_adjustments (self);
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_window (HpTimelineView *self,
            gint64          t0,
            gint64          t1)
{
  gint64 start, end, full, span, margin;

  if (self->painter == NULL)
    return;
  hp_timeline_layout_get_time_bounds (hp_timeline_painter_get_layout (self->painter), &start, &end);
  full = end - start;
  span = CLAMP (t1 - t0, MIN_SPAN, full + full / 5);
  margin = (gint64)(span * EDGE_MARGIN);
  if (span >= full)
    t0 = CLAMP (t0, end - span - margin, start + margin);
  else
    t0 = CLAMP (t0, start - margin, end - span + margin);
  t1 = t0 + span;

  if (t0 == self->t0 && t1 == self->t1)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (t0 != self->t0)
    {
      self->t0 = t0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_START]);
    }
  if (t1 != self->t1)
    {
      self->t1 = t1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_END]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  sync_adjustments (self);
  /* what is under the pointer changed: update or hide the tooltip */
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
hadjustment_changed_cb (HpTimelineView *self,
                        GtkAdjustment  *adjustment)
{
  gint64 t0;

  if (self->syncing > 0)
    return;
  t0 = (gint64)llround (gtk_adjustment_get_value (adjustment));
  set_window (self, t0, t0 + (self->t1 - self->t0));
}

static void
vadjustment_changed_cb (HpTimelineView *self,
                        GtkAdjustment  *adjustment)
{
  if (self->syncing > 0)
    return;
  set_scroll (self, gtk_adjustment_get_value (adjustment));
}

/* Overlay data: the idle gaps and counters take a while on big traces, so
 * they are computed in a worker; the layout shows an overlay once its data
 * is in. */

typedef struct
{
  HpTrace        *trace;
  HpTimelineFlags what;
  double          idle_delay;
} ExtrasRequest;

static void
extras_request_free (gpointer data)
{
  ExtrasRequest *request = data;

  hp_trace_unref (request->trace);
  g_free (request);
}

static void
extras_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExtrasRequest    *request = task_data;
  HpTimelineExtras *extras = hp_timeline_extras_compute (request->trace, request->what, request->idle_delay, cancellable);

  if (extras == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
  else
    g_task_return_pointer (task, extras, (GDestroyNotify)hp_timeline_extras_free);
}

static void apply_flags (HpTimelineView *self);

static void
extras_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (source);
  ExtrasRequest  *request = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  HpTimelineExtras *extras = g_task_propagate_pointer (G_TASK (result), &error);

  if (extras == NULL)
    return;
  if (self->painter == NULL || request->trace != self->trace)
    {
      hp_timeline_extras_free (extras);
      return;
    }
  hp_timeline_layout_install_extras (hp_timeline_painter_get_layout (self->painter), extras);
  self->extras_pending = 0;
  apply_flags (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
}

/* Shows the wanted overlays whose data is ready, and asks for the rest */
static void
apply_flags (HpTimelineView *self)
{
  HpTimelineLayout *layout;
  HpTimelineFlags   missing;

  if (self->painter == NULL)
    return;
  layout = hp_timeline_painter_get_layout (self->painter);
  hp_timeline_layout_set_idle_delay (layout, self->idle_delay);
  missing = hp_timeline_layout_get_missing (layout, self->flags);
  hp_timeline_layout_set_flags (layout, self->flags & ~missing);

  if (missing != 0 && (missing & ~self->extras_pending) != 0)
    {
      g_autoptr (GTask) task = NULL;
      ExtrasRequest *request = g_new0 (ExtrasRequest, 1);

      g_cancellable_cancel (self->extras_cancellable);
      g_clear_object (&self->extras_cancellable);
      self->extras_cancellable = g_cancellable_new ();
      self->extras_pending = missing;

      request->trace = hp_trace_ref (self->trace);
      request->what = missing;
      request->idle_delay = self->idle_delay;
      task = g_task_new (self, self->extras_cancellable, extras_ready_cb, NULL);
      g_task_set_source_tag (task, apply_flags);
      g_task_set_task_data (task, request, extras_request_free);
      g_task_run_in_thread (task, extras_thread);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
    }

  self->scroll_y = CLAMP (self->scroll_y, 0, max_scroll (self));
  sync_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Style from the theme: the dark variant when text is light */
static void
update_style (HpTimelineView *self)
{
  g_autoptr (HpChartStyle) style = NULL;
  const PangoFontDescription *font;
  GtkStyleContext            *context;
  GdkRGBA                     fg;
  gboolean                    dark;

  if (self->painter == NULL)
    return;

  context = gtk_widget_get_style_context (GTK_WIDGET (self));
  gtk_style_context_get_color (context, &fg);
  dark = 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5;
  style = dark ? hp_chart_style_new_dark () : hp_chart_style_new_light ();
  font = pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  if (font != NULL && pango_font_description_get_family (font) != NULL)
    hp_chart_style_set_font_family (style, pango_font_description_get_family (font));
  hp_timeline_painter_set_style (self->painter, style);
  self->style_dark = dark;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drawing */

static gboolean
same_viewport (const HpTimelineViewport *a,
               const HpTimelineViewport *b)
{
  return a->t0 == b->t0 && a->t1 == b->t1 && a->width == b->width && a->height == b->height &&
         a->scroll_y == b->scroll_y && a->scale == b->scale;
}

static void
ensure_cache (HpTimelineView           *self,
              const HpTimelineViewport *v)
{
  guint    generation = hp_timeline_painter_get_generation (self->painter);
  int      pw = (int)ceil (v->width * v->scale);
  int      ph = (int)ceil (v->height * v->scale);
  cairo_t *cr;

  if (self->cache_valid && same_viewport (&self->cache_viewport, v) && self->cache_generation == generation)
    return;

  if (self->cache == NULL || cairo_image_surface_get_width (self->cache) != pw ||
      cairo_image_surface_get_height (self->cache) != ph)
    {
      g_clear_pointer (&self->cache, cairo_surface_destroy);
      /* opaque: the painter fills every pixel */
      self->cache = cairo_image_surface_create (CAIRO_FORMAT_RGB24, pw, ph);
    }
  cairo_surface_set_device_scale (self->cache, v->scale, v->scale);
  cr = cairo_create (self->cache);
  hp_timeline_painter_paint (self->painter, cr, v);
  cairo_destroy (cr);
  cairo_surface_flush (self->cache);

  self->cache_viewport = *v;
  self->cache_generation = hp_timeline_painter_get_generation (self->painter);
  self->cache_valid = TRUE;
}

static void
hp_timeline_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  HpTimelineView    *self = HP_TIMELINE_VIEW (widget);
  int                width = gtk_widget_get_width (widget);
  int                height = gtk_widget_get_height (widget);
  HpTimelineViewport v;
  cairo_t           *cr;

  if (self->painter == NULL || width <= 0 || height <= 0)
    return;

  get_viewport (self, &v);
  ensure_cache (self, &v);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_source_surface (cr, self->cache, 0, 0);
  cairo_paint (cr);
  hp_timeline_painter_paint_dynamic (self->painter, cr, &v);
  cairo_destroy (cr);
}

static void
hp_timeline_view_measure (GtkWidget     *widget,
                          GtkOrientation orientation,
                          int            for_size,
                          int           *minimum,
                          int           *natural,
                          int           *minimum_baseline,
                          int           *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int)HP_TIMELINE_GUTTER_WIDTH + 120;
      *natural = 900;
    }
  else
    {
      *minimum = 120;
      *natural = 600;
    }
}

static void reveal_event (HpTimelineView *self,
                          guint           rank_pos,
                          guint32         event);

/* The content rows (y, scroll coordinates) of the selected event */
static gboolean
selected_row_extent (HpTimelineView *self,
                     double         *top,
                     double         *bottom)
{
  HpTimelineLayout    *layout;
  const HpRank        *r;
  const HpTimelineRow *rows;
  guint                n_rows;
  int                  row;

  if (self->painter == NULL || self->selected_event < 0)
    return FALSE;
  layout = hp_timeline_painter_get_layout (self->painter);
  r = hp_trace_get_rank (self->trace, (guint)self->selected_rank_pos);
  row = hp_timeline_layout_find_lane_row (layout, (guint)self->selected_rank_pos, r->lane[self->selected_event],
                                          r->depth[self->selected_event]);
  if (row < 0)
    return FALSE;
  rows = hp_timeline_layout_get_rows (layout, &n_rows);
  *top = rows[row].y;
  *bottom = rows[row].y + rows[row].height;
  return TRUE;
}

static void
hp_timeline_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);
  double          top, bottom;

  /* the selected row stays in view when the view gets shorter (a bar
   * sliding in above it) */
  if (height < self->last_height && selected_row_extent (self, &top, &bottom) && top >= self->scroll_y &&
      bottom <= self->scroll_y + self->last_height - hp_timeline_layout_get_lanes_top (hp_timeline_painter_get_layout (self->painter)))
    self->scroll_y = MAX (self->scroll_y, bottom - (height - hp_timeline_layout_get_lanes_top (hp_timeline_painter_get_layout (self->painter))));
  self->last_height = height;

  self->scroll_y = CLAMP (self->scroll_y, 0, max_scroll (self));
  sync_adjustments (self);
  /* an event selected while the view was never laid out (a linked view
   * jumping to a tab not visited yet) gets its row scrolled into view now */
  if (self->reveal_pending && height > 0)
    {
      self->reveal_pending = FALSE;
      if (self->painter != NULL && self->selected_event >= 0)
        reveal_event (self, (guint)self->selected_rank_pos, (guint32)self->selected_event);
    }
}

static void
hp_timeline_view_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (hp_timeline_view_parent_class)->css_changed (widget, change);
  update_style (HP_TIMELINE_VIEW (widget));
}

/* Tooltips */

static char *
event_tooltip (HpTimelineView *self,
               const HpRank   *r,
               guint32         e)
{
  const char      *name = hp_trace_get_string (self->trace, r->name[e]);
  const char      *cat = r->cat[e] != HP_NO_STRING ? hp_trace_get_string (self->trace, r->cat[e]) : NULL;
  g_autofree char *short_name = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *start = hp_timeline_format_time (hp_rank_get_event_start (r, e));
  g_autofree char *dur = hp_timeline_format_duration (hp_rank_get_event_duration (r, e));
  g_autofree char *lane = hp_timeline_painter_dup_lane_title (self->painter, r, r->lane[e]);
  g_autofree char *lane_escaped = g_markup_escape_text (lane, -1);
  g_autofree char *cat_escaped = g_markup_escape_text (cat != NULL ? cat : "", -1);

  /* very long template names: the short one on top, the full one below */
  short_name = g_strdup (hp_timeline_layout_get_short_name (hp_timeline_painter_get_layout (self->painter), r->name[e]));
  if (name != NULL && strlen (name) > 200)
    {
      g_autofree char *cut = g_utf8_substring (name, 0, 200);

      escaped = g_markup_printf_escaped ("<b>%s</b>\n<small>%s…</small>", short_name, cut);
    }
  else if (name != NULL && g_strcmp0 (short_name, name) != 0)
    escaped = g_markup_printf_escaped ("<b>%s</b>\n<small>%s</small>", short_name, name);
  else
    escaped = g_markup_printf_escaped ("<b>%s</b>", name != NULL ? name : "");

  /* Translators: tooltip of a timeline event: name, category · duration,
   * start time, thread or stream and rank */
  return g_strdup_printf (_ ("%s\n%s · %s\nStart %s\n%s · rank %d"), escaped, cat_escaped, dur, start, lane_escaped, r->rank);
}

static gboolean
hp_timeline_view_query_tooltip (GtkWidget  *widget,
                                int         x,
                                int         y,
                                gboolean    keyboard,
                                GtkTooltip *tooltip)
{
  HpTimelineView    *self = HP_TIMELINE_VIEW (widget);
  HpTimelineViewport v;
  HpTimelineHit      hit;
  g_autofree char   *markup = NULL;

  if (self->painter == NULL || keyboard || self->drag_mode != DRAG_NONE)
    return FALSE;
  get_viewport (self, &v);
  if (!hp_timeline_painter_hit_test (self->painter, &v, x, y, &hit))
    return FALSE;

  switch (hit.kind)
    {
    case HP_TIMELINE_HIT_EVENT:
      {
        const HpRank    *r = hp_trace_get_rank (self->trace, (guint)hit.rank_pos);
        HpTimelineMapper m;
        HpRect           rect;

        markup = event_tooltip (self, r, (guint32)hit.event);
        hp_timeline_mapper_init (&m, hp_timeline_painter_get_layout (self->painter), &v);
        if (hp_timeline_mapper_event_rect (&m, (guint)hit.rank_pos, (guint32)hit.event, &rect) && rect.width >= 4)
          gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle){ (int)rect.x, (int)rect.y, (int)rect.width, (int)rect.height });
      }
      break;

    case HP_TIMELINE_HIT_STEP:
      {
        g_autofree char *d = hp_timeline_format_duration (hit.end - hit.start);

        /* Translators: tooltip of an iteration in the timeline's step band */
        markup = g_markup_printf_escaped (_ ("<b>ProfilerStep#%d</b>\n%s"), (int)hit.item, d);
      }
      break;

    case HP_TIMELINE_HIT_RANK:
      {
        const HpRank *r = hp_trace_get_rank (self->trace, (guint)hit.rank_pos);
        gboolean      collapsed = hp_timeline_layout_get_rank_collapsed (hp_timeline_painter_get_layout (self->painter), (guint)hit.rank_pos);

        markup = g_markup_printf_escaped (collapsed ? _ ("Rank %d: click to show its lanes") : _ ("Rank %d: click to fold its lanes"), r->rank);
      }
      break;

    case HP_TIMELINE_HIT_COUNTER:
      {
        g_autofree char *title = hp_timeline_painter_dup_counter_title (self->painter, (guint)hit.rank_pos, (guint)hit.lane);
        char             value[32];

        g_ascii_formatd (value, sizeof value, "%.4g", hit.value);
        markup = g_markup_printf_escaped ("%s: <b>%s</b>", title, value);
      }
      break;

    case HP_TIMELINE_HIT_LANE_LABEL:
      {
        const HpRank *r = hp_trace_get_rank (self->trace, (guint)hit.rank_pos);

        if (hp_trace_get_rank (self->trace, (guint)hit.rank_pos) != NULL && hit.depth >= 0)
          {
            g_autofree char *name = hp_timeline_painter_dup_lane_title (self->painter, r, (guint)hit.lane);
            const HpLane    *lane = &r->lanes[hit.lane];
            g_autofree char *events = g_strdup_printf (ngettext ("%u event", "%u events", lane->n_events), lane->n_events);
            g_autofree char *levels = g_strdup_printf (ngettext ("%u level", "%u levels", lane->max_depth), lane->max_depth);

            /* Translators: tooltip of a lane's name in the timeline: the
             * name, then "12 events, 3 levels" */
            markup = g_markup_printf_escaped (_ ("<b>%s</b>\n%s, %s"), name, events, levels);
          }
      }
      break;

    case HP_TIMELINE_HIT_OVERLAY:
      if (hit.text != NULL)
        markup = g_markup_escape_text (hit.text, -1);
      break;

    case HP_TIMELINE_HIT_RULER:
    case HP_TIMELINE_HIT_NONE:
    default:
      break;
    }
  hp_timeline_hit_clear (&hit);

  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

/* Pointer */

static void
update_hover (HpTimelineView *self)
{
  HpTimelineViewport v;
  HpTimelineHit      hit;
  int                rank_pos = -1;
  gint64             event = -1;

  if (self->painter == NULL)
    return;
  hp_timeline_hit_init (&hit);
  get_viewport (self, &v);
  if (self->pointer_inside && self->drag_mode == DRAG_NONE &&
      hp_timeline_painter_hit_test (self->painter, &v, self->pointer_x, self->pointer_y, &hit) &&
      hit.kind == HP_TIMELINE_HIT_EVENT)
    {
      rank_pos = hit.rank_pos;
      event = hit.event;
    }
  hp_timeline_hit_clear (&hit);
  /* only the outline moves: no need to draw when it stays */
  if (rank_pos == self->hover_rank_pos && event == self->hover_event)
    return;
  self->hover_rank_pos = rank_pos;
  self->hover_event = event;
  hp_timeline_painter_set_hover (self->painter, rank_pos, event);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_cb (HpTimelineView           *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  update_hover (self);
}

static void
leave_cb (HpTimelineView           *self,
          GtkEventControllerMotion *controller)
{
  self->pointer_inside = FALSE;
  update_hover (self);
}

static gboolean
scroll_cb (HpTimelineView           *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double          unit = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL ? WHEEL_STEP : 1.0;
  double          time_width;

  if (self->painter == NULL)
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      double anchor = self->pointer_inside ? self->pointer_x : -1;

      /* a wheel notch zooms by 1.25×; touchpads scroll in pixels */
      hp_timeline_view_zoom (self, pow (1.25, -dy * (unit == 1.0 ? 0.05 : 1.0)), anchor);
      return TRUE;
    }

  if (state & GDK_SHIFT_MASK)
    {
      dx += dy;
      dy = 0;
    }
  time_width = MAX (gtk_widget_get_width (GTK_WIDGET (self)) - HP_TIMELINE_GUTTER_WIDTH, 1);
  if (dx != 0)
    hp_timeline_view_pan (self, dx * unit / time_width);
  if (dy != 0)
    set_scroll (self, self->scroll_y + dy * unit);
  return TRUE;
}

static void
pinch_begin_cb (HpTimelineView   *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  self->pinch_t0 = self->t0;
  self->pinch_t1 = self->t1;
}

static void
pinch_scale_changed_cb (HpTimelineView *self,
                        double          scale,
                        GtkGestureZoom *gesture)
{
  HpTimelineMapper m;
  double           cx, cy;
  gint64           anchor, span;

  if (self->painter == NULL || scale <= 0)
    return;
  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    return;
  get_mapper (self, &m);
  m.viewport.t0 = self->pinch_t0;
  m.viewport.t1 = self->pinch_t1;
  anchor = hp_timeline_mapper_x_to_time (&m, MAX (cx, m.time_left));
  span = (gint64)((self->pinch_t1 - self->pinch_t0) / scale);
  set_window (self, anchor - (gint64)((double)(anchor - self->pinch_t0) / scale), anchor - (gint64)((double)(anchor - self->pinch_t0) / scale) + span);
}

static void
emit_range (HpTimelineView *self)
{
  g_signal_emit (self, signals[RANGE_CHANGED], 0);
}

static void
drag_begin_cb (HpTimelineView *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  if (self->painter == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->drag_x = x;
  self->drag_y = y;
  self->drag_t0 = self->t0;
  self->drag_t1 = self->t1;
  self->drag_scroll = self->scroll_y;
  if ((state & GDK_SHIFT_MASK) || y < hp_timeline_layout_get_lanes_top (hp_timeline_painter_get_layout (self->painter)))
    self->drag_mode = DRAG_RANGE;
  else
    self->drag_mode = DRAG_PAN;
}

static void
drag_update_cb (HpTimelineView *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  HpTimelineMapper m;

  if (self->painter == NULL || self->drag_mode == DRAG_NONE)
    return;
  if (fabs (dx) < CLICK_SLOP && fabs (dy) < CLICK_SLOP)
    return;

  get_mapper (self, &m);
  m.viewport.t0 = self->drag_t0;
  m.viewport.t1 = self->drag_t1;
  if (self->drag_mode == DRAG_PAN)
    {
      gint64 dt = hp_timeline_mapper_x_to_time (&m, m.time_left + dx) - self->drag_t0;

      set_window (self, self->drag_t0 - dt, self->drag_t1 - dt);
      set_scroll (self, self->drag_scroll - dy);
    }
  else
    {
      gint64 a = hp_timeline_mapper_x_to_time (&m, MAX (self->drag_x, m.time_left));
      gint64 b = hp_timeline_mapper_x_to_time (&m, MAX (self->drag_x + dx, m.time_left));

      hp_timeline_painter_set_range (self->painter, MIN (a, b), MAX (a, b));
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
click (HpTimelineView *self,
       double          x,
       double          y,
       gboolean        range_mode)
{
  HpTimelineViewport v;
  HpTimelineHit      hit;

  get_viewport (self, &v);
  if (range_mode)
    {
      /* a click on the ruler drops the range */
      if (hp_timeline_painter_get_range (self->painter, NULL, NULL))
        {
          hp_timeline_painter_set_range (self->painter, 0, 0);
          emit_range (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    }

  hp_timeline_painter_hit_test (self->painter, &v, x, y, &hit);
  switch (hit.kind)
    {
    case HP_TIMELINE_HIT_RANK:
      {
        HpTimelineLayout *layout = hp_timeline_painter_get_layout (self->painter);
        gboolean          collapsed = hp_timeline_layout_get_rank_collapsed (layout, (guint)hit.rank_pos);

        hp_timeline_layout_set_rank_collapsed (layout, (guint)hit.rank_pos, !collapsed);
        self->scroll_y = CLAMP (self->scroll_y, 0, max_scroll (self));
        sync_adjustments (self);
        gtk_widget_queue_draw (GTK_WIDGET (self));
      }
      break;

    case HP_TIMELINE_HIT_EVENT:
      hp_timeline_view_select_event (self, hp_trace_get_rank (self->trace, (guint)hit.rank_pos)->rank, hit.event);
      break;

    case HP_TIMELINE_HIT_OVERLAY:
    case HP_TIMELINE_HIT_STEP:
    case HP_TIMELINE_HIT_NONE:
    case HP_TIMELINE_HIT_COUNTER:
    case HP_TIMELINE_HIT_LANE_LABEL:
    case HP_TIMELINE_HIT_RULER:
    default:
      if (self->selected_event >= 0)
        hp_timeline_view_select_event (self, -1, -1);
      if (hp_timeline_painter_get_range (self->painter, NULL, NULL))
        {
          hp_timeline_painter_set_range (self->painter, 0, 0);
          emit_range (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      break;
    }
  hp_timeline_hit_clear (&hit);
}

static void
drag_end_cb (HpTimelineView *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  DragMode mode = self->drag_mode;

  self->drag_mode = DRAG_NONE;
  if (self->painter == NULL || mode == DRAG_NONE)
    return;
  if (fabs (dx) < CLICK_SLOP && fabs (dy) < CLICK_SLOP)
    click (self, self->drag_x, self->drag_y, mode == DRAG_RANGE);
  else if (mode == DRAG_RANGE)
    emit_range (self);
  update_hover (self);
}

/* Actions */

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  hp_timeline_view_zoom (self, 1.5, self->pointer_inside ? self->pointer_x : -1);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  hp_timeline_view_zoom (self, 1 / 1.5, self->pointer_inside ? self->pointer_x : -1);
}

static void
pan_left_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  hp_timeline_view_pan (HP_TIMELINE_VIEW (widget), -0.2);
}

static void
pan_right_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  hp_timeline_view_pan (HP_TIMELINE_VIEW (widget), 0.2);
}

static void
scroll_up_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  set_scroll (self, self->scroll_y - 3 * HP_TIMELINE_SLICE_HEIGHT);
}

static void
scroll_down_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  set_scroll (self, self->scroll_y + 3 * HP_TIMELINE_SLICE_HEIGHT);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  hp_timeline_view_zoom_to_fit (HP_TIMELINE_VIEW (widget));
}

static void
clear_selection_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  hp_timeline_view_select_event (self, -1, -1);
  if (hp_timeline_view_get_selected_range (self, NULL, NULL))
    hp_timeline_view_set_selected_range (self, 0, 0);
}

static void
zoom_selection_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  hp_timeline_view_zoom_to_selection (HP_TIMELINE_VIEW (widget));
}

/* GObject */

static void
hp_timeline_view_dispose (GObject *object)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (object);

  g_cancellable_cancel (self->extras_cancellable);
  g_clear_object (&self->extras_cancellable);
  g_clear_pointer (&self->painter, hp_timeline_painter_free);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);

  G_OBJECT_CLASS (hp_timeline_view_parent_class)->dispose (object);
}

static void
hp_timeline_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_TRACE:
      g_value_set_boxed (value, self->trace);
      break;
    case PROP_START:
      g_value_set_int64 (value, self->t0);
      break;
    case PROP_END:
      g_value_set_int64 (value, self->t1);
      break;
    case PROP_COMPUTING:
      g_value_set_boolean (value, self->extras_pending != 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_timeline_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_TRACE:
      hp_timeline_view_set_trace (self, g_value_get_boxed (value));
      break;
    case PROP_START:
      set_window (self, g_value_get_int64 (value), self->t1);
      break;
    case PROP_END:
      set_window (self, self->t0, g_value_get_int64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_timeline_view_class_init (HpTimelineViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_timeline_view_dispose;
  object_class->get_property = hp_timeline_view_get_property;
  object_class->set_property = hp_timeline_view_set_property;

  widget_class->snapshot = hp_timeline_view_snapshot;
  widget_class->measure = hp_timeline_view_measure;
  widget_class->size_allocate = hp_timeline_view_size_allocate;
  widget_class->css_changed = hp_timeline_view_css_changed;
  widget_class->query_tooltip = hp_timeline_view_query_tooltip;

  properties[PROP_TRACE] =
      g_param_spec_boxed ("trace", NULL, NULL, hp_trace_get_type (),
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_START] =
      g_param_spec_int64 ("start", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_END] =
      g_param_spec_int64 ("end", NULL, NULL, G_MININT64, G_MAXINT64, 1,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPUTING] =
      g_param_spec_boolean ("computing", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HpTimelineView::selection-changed:
   *
   * The selected event changed (hp_timeline_view_get_selection()).
   */
  signals[SELECTION_CHANGED] =
      g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);
  /**
   * HpTimelineView::range-changed:
   *
   * A time range was selected or dropped
   * (hp_timeline_view_get_selected_range()).
   */
  signals[RANGE_CHANGED] =
      g_signal_new ("range-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "timeline.pan-left", NULL, pan_left_action);
  gtk_widget_class_install_action (widget_class, "timeline.pan-right", NULL, pan_right_action);
  gtk_widget_class_install_action (widget_class, "timeline.scroll-up", NULL, scroll_up_action);
  gtk_widget_class_install_action (widget_class, "timeline.scroll-down", NULL, scroll_down_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-selection", NULL, zoom_selection_action);
  gtk_widget_class_install_action (widget_class, "timeline.clear-selection", NULL, clear_selection_action);

  /* chrome://tracing and Perfetto's keys */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, 0, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, 0, "timeline.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, 0, "timeline.pan-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "timeline.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "timeline.pan-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "timeline.scroll-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "timeline.scroll-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "timeline.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "timeline.zoom-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "timeline.clear-selection", NULL);

  gtk_widget_class_set_css_name (widget_class, "hptimelineview");
}

static void
hp_timeline_view_init (HpTimelineView *self)
{
  GtkEventController *controller;

  self->t0 = 0;
  self->t1 = 1;
  self->flags = HP_TIMELINE_SHOW_DEFAULT;
  self->idle_delay = 30.0;
  self->selected_rank_pos = -1;
  self->selected_event = -1;
  self->hover_rank_pos = -1;
  self->hover_event = -1;
  self->current_match = -1;
  self->hadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  self->vadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  g_signal_connect_swapped (self->hadjustment, "value-changed", G_CALLBACK (hadjustment_changed_cb), self);
  g_signal_connect_swapped (self->vadjustment, "value-changed", G_CALLBACK (vadjustment_changed_cb), self);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  self->drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (self->drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (self->drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (self->drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag));

  self->pinch = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (self->pinch, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect_swapped (self->pinch, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->pinch));
  gtk_gesture_group (self->pinch, self->drag);
}

/* Public API */

/**
 * hp_timeline_view_new:
 *
 * Returns: (transfer floating): a timeline without a trace
 */
GtkWidget *
hp_timeline_view_new (void)
{
  return g_object_new (HP_TYPE_TIMELINE_VIEW, NULL);
}

/**
 * hp_timeline_view_get_trace:
 *
 * Returns: (transfer none) (nullable): the trace
 */
HpTrace *
hp_timeline_view_get_trace (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->trace;
}

/**
 * hp_timeline_view_set_trace:
 * @trace: (nullable): the trace to show, whole
 */
void
hp_timeline_view_set_trace (HpTimelineView *self,
                            HpTrace        *trace)
{
  gint64 start, end;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->trace == trace)
    return;

  g_cancellable_cancel (self->extras_cancellable);
  g_clear_object (&self->extras_cancellable);
  if (self->extras_pending != 0)
    {
      self->extras_pending = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
    }
  g_clear_pointer (&self->painter, hp_timeline_painter_free);
  g_clear_pointer (&self->trace, hp_trace_unref);
  self->cache_valid = FALSE;
  self->selected_rank_pos = -1;
  self->selected_event = -1;
  self->reveal_pending = FALSE;
  self->hover_rank_pos = -1;
  self->hover_event = -1;
  self->current_match = -1;
  self->scroll_y = 0;

  if (trace != NULL)
    {
      self->trace = hp_trace_ref (trace);
      self->painter = hp_timeline_painter_new (trace);
      hp_timeline_painter_set_translation_domain (self->painter, GETTEXT_PACKAGE);
      update_style (self);
      hp_timeline_layout_get_time_bounds (hp_timeline_painter_get_layout (self->painter), &start, &end);
      self->t0 = start;
      self->t1 = end;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_START]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_END]);
      apply_flags (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACE]);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_get_painter:
 *
 * Returns: (transfer none) (nullable): the painter (its layout holds the
 *   rows, flags and highlights), for overlays
 */
HpTimelinePainter *
hp_timeline_view_get_painter (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->painter;
}

/**
 * hp_timeline_view_get_hadjustment:
 *
 * Returns: (transfer none): the visible window as an adjustment in ns, for
 *   a horizontal scrollbar
 */
GtkAdjustment *
hp_timeline_view_get_hadjustment (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->hadjustment;
}

/**
 * hp_timeline_view_get_vadjustment:
 *
 * Returns: (transfer none): the lanes' scroll position, for a vertical
 *   scrollbar
 */
GtkAdjustment *
hp_timeline_view_get_vadjustment (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->vadjustment;
}

/**
 * hp_timeline_view_get_flags:
 *
 * Returns: the overlays and tracks asked for (those whose data is still
 *   being computed appear when it is in)
 */
HpTimelineFlags
hp_timeline_view_get_flags (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), 0);
  return self->flags;
}

/**
 * hp_timeline_view_set_flags:
 * @flags: overlays and tracks to show
 */
void
hp_timeline_view_set_flags (HpTimelineView *self,
                            HpTimelineFlags flags)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  self->flags = flags;
  apply_flags (self);
}

/**
 * hp_timeline_view_is_computing:
 *
 * Returns: whether overlay data (idle gaps, counters) is being computed
 */
gboolean
hp_timeline_view_is_computing (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);
  return self->extras_pending != 0;
}

/**
 * hp_timeline_view_set_idle_delay:
 * @consecutive_kernel_delay: us, as the idle-time analysis' parameter
 */
void
hp_timeline_view_set_idle_delay (HpTimelineView *self,
                                 double          consecutive_kernel_delay)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  self->idle_delay = consecutive_kernel_delay;
  apply_flags (self);
}

/**
 * hp_timeline_view_get_visible_range:
 * @start: (out) (optional): ns
 * @end: (out) (optional): ns
 */
void
hp_timeline_view_get_visible_range (HpTimelineView *self,
                                    gint64         *start,
                                    gint64         *end)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (start != NULL)
    *start = self->t0;
  if (end != NULL)
    *end = self->t1;
}

/**
 * hp_timeline_view_set_visible_range:
 * @start: ns
 * @end: ns
 *
 * Shows [@start, @end), clamped to the trace (with a small margin) and to
 * a 100 ns window at the narrowest.
 */
void
hp_timeline_view_set_visible_range (HpTimelineView *self,
                                    gint64          start,
                                    gint64          end)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  set_window (self, start, end);
}

/**
 * hp_timeline_view_zoom:
 * @factor: > 1 zooms in
 * @anchor_x: the x (widget coordinates) whose time stays in place; the
 *   centre when outside the time area
 */
void
hp_timeline_view_zoom (HpTimelineView *self,
                       double          factor,
                       double          anchor_x)
{
  HpTimelineMapper m;
  gint64           anchor, span;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL || !(factor > 0))
    return;
  get_mapper (self, &m);
  if (anchor_x < m.time_left || anchor_x > m.time_right)
    anchor_x = (m.time_left + m.time_right) / 2;
  anchor = hp_timeline_mapper_x_to_time (&m, anchor_x);
  span = MAX ((gint64)llround ((double)(self->t1 - self->t0) / factor), MIN_SPAN);
  factor = (double)(self->t1 - self->t0) / (double)span;
  set_window (self, anchor - (gint64)llround ((double)(anchor - self->t0) / factor),
              anchor - (gint64)llround ((double)(anchor - self->t0) / factor) + span);
  update_hover (self);
}

/**
 * hp_timeline_view_pan:
 * @fraction: how far to move, in window widths (negative: earlier)
 */
void
hp_timeline_view_pan (HpTimelineView *self,
                      double          fraction)
{
  gint64 dt;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  dt = (gint64)llround (fraction * (double)(self->t1 - self->t0));
  set_window (self, self->t0 + dt, self->t1 + dt);
  update_hover (self);
}

/**
 * hp_timeline_view_zoom_to_fit:
 *
 * Shows the whole trace.
 */
void
hp_timeline_view_zoom_to_fit (HpTimelineView *self)
{
  gint64 start, end;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL)
    return;
  hp_timeline_layout_get_time_bounds (hp_timeline_painter_get_layout (self->painter), &start, &end);
  set_window (self, start, end);
}

/**
 * hp_timeline_view_zoom_to_selection:
 *
 * Shows the selected range, or else the selected event with a margin.
 */
void
hp_timeline_view_zoom_to_selection (HpTimelineView *self)
{
  gint64 start, end;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL)
    return;
  if (hp_timeline_painter_get_range (self->painter, &start, &end))
    set_window (self, start, end);
  else if (self->selected_event >= 0)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, (guint)self->selected_rank_pos);
      gint64        ts = hp_rank_get_event_start (r, self->selected_event);
      gint64        dur = MAX (hp_rank_get_event_duration (r, self->selected_event), 1000);

      set_window (self, ts - dur / 10, ts + dur + dur / 10);
    }
}

double
hp_timeline_view_get_scroll (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), 0);
  return self->scroll_y;
}

void
hp_timeline_view_set_scroll (HpTimelineView *self,
                             double          scroll_y)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  set_scroll (self, scroll_y);
}

/**
 * hp_timeline_view_scroll_to_rank:
 * @rank: a rank number
 *
 * Scrolls the rank's header to the top.
 */
void
hp_timeline_view_scroll_to_rank (HpTimelineView *self,
                                 int             rank)
{
  const HpTimelineRow *rows;
  guint                n_rows;
  int                  pos = rank_position (self, rank);

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (pos < 0)
    return;
  rows = hp_timeline_layout_get_rows (hp_timeline_painter_get_layout (self->painter), &n_rows);
  for (guint i = 0; i < n_rows; i++)
    if (rows[i].rank_pos == (guint)pos)
      {
        set_scroll (self, rows[i].y);
        return;
      }
}

/**
 * hp_timeline_view_set_rank_collapsed:
 * @rank: a rank number
 * @collapsed: whether to show only its header
 */
void
hp_timeline_view_set_rank_collapsed (HpTimelineView *self,
                                     int             rank,
                                     gboolean        collapsed)
{
  int pos = rank_position (self, rank);

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (pos < 0)
    return;
  hp_timeline_layout_set_rank_collapsed (hp_timeline_painter_get_layout (self->painter), (guint)pos, collapsed);
  self->scroll_y = CLAMP (self->scroll_y, 0, max_scroll (self));
  sync_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_get_selection:
 * @rank: (out) (optional): the rank number
 * @event: (out) (optional): the event's position in that rank
 *
 * Returns: whether an event is selected
 */
gboolean
hp_timeline_view_get_selection (HpTimelineView *self,
                                int            *rank,
                                gint64         *event)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);

  if (self->selected_event < 0)
    return FALSE;
  if (rank != NULL)
    *rank = hp_trace_get_rank (self->trace, (guint)self->selected_rank_pos)->rank;
  if (event != NULL)
    *event = self->selected_event;
  return TRUE;
}

/* Shows an event: its rank expanded, its lane shown, its row scrolled into
 * view, and the window moved (or widened) to contain it. */
static void
reveal_event (HpTimelineView *self,
              guint           rank_pos,
              guint32         event)
{
  HpTimelineLayout *layout = hp_timeline_painter_get_layout (self->painter);
  const HpRank     *r = hp_trace_get_rank (self->trace, rank_pos);
  gint64            ts = hp_rank_get_event_start (r, event), te = hp_rank_get_event_end (r, event);
  gint64            span = self->t1 - self->t0;
  int               row;

  hp_timeline_layout_set_rank_visible (layout, rank_pos, TRUE);
  hp_timeline_layout_set_rank_collapsed (layout, rank_pos, FALSE);
  hp_timeline_layout_set_lane_visible (layout, rank_pos, r->lane[event], TRUE);

  if (te - ts > span * 0.9)
    set_window (self, ts - (te - ts) / 10, te + (te - ts) / 10);
  else if (ts < self->t0 || te > self->t1)
    set_window (self, (ts + te) / 2 - span / 2, (ts + te) / 2 - span / 2 + span);

  /* without a size there is nothing to scroll: do it once laid out */
  self->reveal_pending = gtk_widget_get_height (GTK_WIDGET (self)) <= 0;
  row = hp_timeline_layout_find_lane_row (layout, rank_pos, r->lane[event], r->depth[event]);
  if (row >= 0 && !self->reveal_pending)
    {
      const HpTimelineRow *rows;
      guint                n_rows;
      double               lanes = gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_layout_get_lanes_top (layout);

      rows = hp_timeline_layout_get_rows (layout, &n_rows);
      if (rows[row].y < self->scroll_y || rows[row].y + rows[row].height > self->scroll_y + lanes)
        set_scroll (self, rows[row].y - lanes / 3);
    }
  sync_adjustments (self);
}

/**
 * hp_timeline_view_select_event:
 * @rank: a rank number, or -1
 * @event: an event position in that rank, or -1 to clear the selection
 *
 * Selects an event, brings it into view and outlines it with its launch or
 * kernel flows. Emits #HpTimelineView::selection-changed.
 */
void
hp_timeline_view_select_event (HpTimelineView *self,
                               int             rank,
                               gint64          event)
{
  int pos;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  pos = rank_position (self, rank);
  if (pos < 0 || event < 0 || event >= hp_trace_get_rank (self->trace, (guint)pos)->n_events)
    {
      pos = -1;
      event = -1;
    }
  if (pos == self->selected_rank_pos && event == self->selected_event)
    return;

  self->selected_rank_pos = pos;
  self->selected_event = event;
  if (self->painter != NULL)
    {
      hp_timeline_painter_set_selection (self->painter, pos, event);
      if (event >= 0)
        reveal_event (self, (guint)pos, (guint32)event);
    }
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_show_events:
 * @rank: a rank number
 * @events: (element-type guint32): event positions in that rank, e.g. the
 *   instances of one kernel
 *
 * Highlights @events (replacing any search), and selects and shows the
 * first one. For linked views (Kernels, Launches, Idle time).
 */
void
hp_timeline_view_show_events (HpTimelineView *self,
                              int             rank,
                              GArray         *events)
{
  HpTimelineLayout *layout;
  int               pos = rank_position (self, rank);
  guint             rank_pos;
  guint32           first;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (events != NULL);

  if (pos < 0)
    return;
  layout = hp_timeline_painter_get_layout (self->painter);
  hp_timeline_layout_set_highlights (layout, (guint)pos, (const guint32 *)(gpointer)events->data, events->len);
  self->current_match = -1;
  if (hp_timeline_layout_get_highlight (layout, 0, &rank_pos, &first))
    {
      self->current_match = 0;
      hp_timeline_view_select_event (self, rank, first);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_get_selected_range:
 * @start: (out) (optional): ns
 * @end: (out) (optional): ns
 *
 * Returns: whether a time range is selected
 */
gboolean
hp_timeline_view_get_selected_range (HpTimelineView *self,
                                     gint64         *start,
                                     gint64         *end)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);

  return self->painter != NULL && hp_timeline_painter_get_range (self->painter, start, end);
}

/**
 * hp_timeline_view_set_selected_range:
 * @start: ns
 * @end: ns; @end ≤ @start drops the range
 *
 * Emits #HpTimelineView::range-changed.
 */
void
hp_timeline_view_set_selected_range (HpTimelineView *self,
                                     gint64          start,
                                     gint64          end)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL)
    return;
  hp_timeline_painter_set_range (self->painter, start, end);
  emit_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_search:
 * @text: (nullable): a part of event names, any case; empty clears
 *
 * Highlights the events whose name contains @text.
 *
 * Returns: the number of matches
 */
guint
hp_timeline_view_search (HpTimelineView *self,
                         const char     *text)
{
  guint n;

  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), 0);

  if (self->painter == NULL)
    return 0;
  n = hp_timeline_layout_search (hp_timeline_painter_get_layout (self->painter), text);
  self->current_match = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return n;
}

guint
hp_timeline_view_get_n_matches (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), 0);

  if (self->painter == NULL)
    return 0;
  return hp_timeline_layout_get_n_highlights (hp_timeline_painter_get_layout (self->painter));
}

/**
 * hp_timeline_view_get_current_match:
 *
 * Returns: the index of the match last jumped to, or -1
 */
int
hp_timeline_view_get_current_match (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), -1);
  return self->current_match;
}

/**
 * hp_timeline_view_next_match:
 * @direction: 1 for the next match in time, -1 for the previous
 *
 * Selects and shows the next match, wrapping around.
 */
void
hp_timeline_view_next_match (HpTimelineView *self,
                             int             direction)
{
  HpTimelineLayout *layout;
  guint             n, rank_pos;
  guint32           event;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  n = hp_timeline_view_get_n_matches (self);
  if (n == 0)
    return;
  layout = hp_timeline_painter_get_layout (self->painter);
  if (self->current_match < 0)
    self->current_match = direction >= 0 ? 0 : (int)n - 1;
  else
    self->current_match = (int)((self->current_match + (direction >= 0 ? 1 : n - 1)) % n);
  if (hp_timeline_layout_get_highlight (layout, (guint)self->current_match, &rank_pos, &event))
    hp_timeline_view_select_event (self, hp_trace_get_rank (self->trace, rank_pos)->rank, event);
}

/**
 * hp_timeline_view_select_match:
 * @index: a match, below hp_timeline_view_get_n_matches(); matches are in
 *   time order
 *
 * Selects and shows one match, which becomes the current one.
 */
void
hp_timeline_view_select_match (HpTimelineView *self,
                               guint           index)
{
  guint   rank_pos;
  guint32 event;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (index >= hp_timeline_view_get_n_matches (self))
    return;
  self->current_match = (int)index;
  if (hp_timeline_layout_get_highlight (hp_timeline_painter_get_layout (self->painter), index, &rank_pos, &event))
    hp_timeline_view_select_event (self, hp_trace_get_rank (self->trace, rank_pos)->rank, event);
}

/**
 * hp_timeline_view_event_position:
 * @x: (out): the middle of the event's visible part, widget coordinates
 * @y: (out):
 *
 * Returns: whether the event is on screen
 */
gboolean
hp_timeline_view_event_position (HpTimelineView *self,
                                 int             rank,
                                 gint64          event,
                                 double         *x,
                                 double         *y)
{
  HpTimelineMapper m;
  HpRect           rect;
  int              pos = rank_position (self, rank);
  double           x0, x1;

  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);

  if (pos < 0 || event < 0 || self->painter == NULL)
    return FALSE;
  get_mapper (self, &m);
  if (!hp_timeline_mapper_event_rect (&m, (guint)pos, (guint32)event, &rect))
    return FALSE;
  x0 = MAX (rect.x, m.time_left);
  x1 = MIN (rect.x + rect.width, m.time_right);
  if (x1 <= x0 || rect.y < m.lanes_top || rect.y + rect.height > m.viewport.height)
    return FALSE;
  *x = (x0 + x1) / 2;
  *y = rect.y + rect.height / 2;
  return TRUE;
}

/**
 * hp_timeline_view_click:
 * @x: a point, widget coordinates
 * @y:
 *
 * Does what a primary-button click there does: selects the event, folds or
 * unfolds a rank when on its header, clears the selection elsewhere. For
 * tests and assistive technologies.
 */
void
hp_timeline_view_click (HpTimelineView *self,
                        double          x,
                        double          y)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter != NULL)
    click (self, x, y, FALSE);
}

/**
 * hp_timeline_view_export:
 * @path: a .png, .svg or .pdf file
 * @error: a #GError
 *
 * Writes the visible time range with every row (not only those scrolled
 * into view), at the view's width and scale, selection included.
 *
 * Returns: whether the file was written
 */
gboolean
hp_timeline_view_export (HpTimelineView *self,
                         const char     *path,
                         GError        **error)
{
  HpTimelineLayout  *layout;
  HpTimelineViewport v;

  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->painter == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _ ("No trace to export"));
      return FALSE;
    }
  layout = hp_timeline_painter_get_layout (self->painter);
  get_viewport (self, &v);
  v.scroll_y = 0;
  v.height = (int)CLAMP (hp_timeline_layout_get_lanes_top (layout) + hp_timeline_layout_get_content_height (layout) + 1,
                         100, 16000);
  return hp_timeline_painter_export (self->painter, path, &v, error);
}
