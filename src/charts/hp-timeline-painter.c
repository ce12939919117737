/* hp-timeline-painter.c — paints the multi-rank timeline on any cairo_t, with pluggable overlays.
 *
 * The painter turns one frame of an #HpTimelineScene into cairo calls:
 * marks are filled one colour at a time (one path, one fill per colour),
 * labels go through a single reused PangoLayout with text widths cached
 * per string id, and the gutter, ruler and step band are drawn last over
 * the lanes. Everything that is not the events themselves — idle gaps,
 * search highlights, selection, flows — is an overlay: a paint function
 * and a hit-test function that receive an #HpTimelineMapper. The built-in
 * ones are registered through the same hp_timeline_painter_add_overlay()
 * a critical-path overlay uses.
 *
 * The same code draws the widget's cached image, PNG, SVG and PDF files.
 * This file holds the painter object, its style and overlays, and the
 * paint and hit-test entry points; hp-timeline-painter-private.h lists the
 * other parts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-painter-private.h"

/* Host-side names: twelve hues spaced around the colour wheel at one
 * lightness and a low saturation (HSL 72%/45% light, 40%/35% dark), so dark
 * text stays legible on the light ones and light text on the dark ones;
 * neighbouring indices get distant hues. No grey: grey means "dense". */
static const guint8 muted_light[HP_TIMELINE_N_NAME_COLORS][3] = {
  { 151, 184, 216 },
  { 173, 216, 151 },
  { 216, 184, 151 },
  { 194, 151, 216 },
  { 151, 216, 205 },
  { 216, 151, 151 },
  { 216, 216, 151 },
  { 151, 151, 216 },
  { 216, 151, 194 },
  { 151, 216, 173 },
  { 216, 200, 151 },
  { 151, 205, 216 },
};

static const guint8 muted_dark[HP_TIMELINE_N_NAME_COLORS][3] = {
  { 66, 102, 138 },
  { 90, 138, 66 },
  { 138, 102, 66 },
  { 114, 66, 138 },
  { 66, 138, 126 },
  { 138, 66, 66 },
  { 138, 138, 66 },
  { 66, 66, 138 },
  { 138, 66, 114 },
  { 66, 138, 90 },
  { 138, 120, 66 },
  { 66, 126, 138 },
};

static HpColor
rgb (const guint8 c[3])
{
  return (HpColor){ c[0] / 255.0, c[1] / 255.0, c[2] / 255.0, 1.0 };
}

static void
apply_style (HpTimelinePainter *self)
{
  const HpChartStyle  *s = self->style;
  static const HpColor dark_text = { 0.11, 0.11, 0.13, 1.0 };
  static const HpColor light_text = { 1.0, 1.0, 1.0, 1.0 };

  self->colors[HP_KERNEL_CLASS_COMPUTATION] = s->kernel_computation;
  self->colors[HP_KERNEL_CLASS_COMMUNICATION] = s->kernel_communication;
  self->colors[HP_KERNEL_CLASS_MEMORY] = s->kernel_memory;
  self->colors[HP_KERNEL_CLASS_OTHER] = s->kernel_other;
  self->colors[HP_TIMELINE_COLOR_DENSE] = s->dark ? (HpColor){ 0.44, 0.47, 0.53, 1.0 } : (HpColor){ 0.62, 0.66, 0.72, 1.0 };
  for (guint i = 0; i < HP_TIMELINE_N_NAME_COLORS; i++)
    self->colors[HP_TIMELINE_COLOR_NAME_BASE + i] = rgb (s->dark ? muted_dark[i] : muted_light[i]);
  for (guint i = 0; i < HP_TIMELINE_N_COLORS; i++)
    self->text_colors[i] = hp_color_luminance (&self->colors[i]) > 0.33 ? dark_text : light_text;

  self->gutter = hp_color_mix (&s->background, &s->grid, 0.45);
  self->header = hp_color_mix (&s->background, &s->grid, 0.9);
  self->accent = s->palette[0];
  /* magenta: no kernel class, idle category or host colour is near it */
  self->highlight = s->dark ? (HpColor){ 1.0, 0.36, 0.77, 1.0 } : (HpColor){ 0.88, 0.14, 0.60, 1.0 };

  g_clear_pointer (&self->small_font, pango_font_description_free);
  g_clear_pointer (&self->header_font, pango_font_description_free);
  self->small_font = pango_font_description_new ();
  pango_font_description_set_family (self->small_font, s->tick_font.family);
  pango_font_description_set_absolute_size (self->small_font, MAX (s->tick_font.size - 1, 6) * PANGO_SCALE);
  self->header_font = pango_font_description_new ();
  pango_font_description_set_family (self->header_font, s->label_font.family);
  pango_font_description_set_absolute_size (self->header_font, MAX (s->label_font.size - 1, 6) * PANGO_SCALE);
  pango_font_description_set_weight (self->header_font, PANGO_WEIGHT_BOLD);

  for (guint i = 0; i < self->n_strings; i++)
    self->name_widths[i] = -1.0f;
  self->small_height = 0;
  self->pixels_format = CAIRO_FORMAT_INVALID;
  self->generation++;
}

/**
 * hp_timeline_painter_new:
 * @scene: what to paint: a view's scene of a layout; the painter keeps a
 *   reference and only reads it (and its layout)
 *
 * A painter of @scene with the light style. It makes no layout of its own:
 * whoever changes the scene (its owner, a view) paints with this painter
 * what it changed.
 *
 * Returns: (transfer full): the painter
 */
HpTimelinePainter *
hp_timeline_painter_new (HpTimelineScene *scene)
{
  HpTimelinePainter *self;
  HpTrace           *trace;

  g_return_val_if_fail (scene != NULL, NULL);

  trace = hp_timeline_scene_get_trace (scene);
  self = g_new0 (HpTimelinePainter, 1);
  self->scene = hp_timeline_scene_ref (scene);
  self->layout = hp_timeline_scene_get_layout (scene);
  self->frame = hp_timeline_frame_new ();
  self->trace = hp_trace_ref (trace);
  self->n_strings = hp_trace_get_n_strings (trace);
  self->name_widths = g_new (float, MAX (self->n_strings, 1));
  self->short_names = g_new0 (char *, MAX (self->n_strings, 1));
  self->overlays = g_array_new (FALSE, FALSE, sizeof (HpTimelineOverlayEntry));
  self->next_overlay_id = 1;
  self->selected_rank = -1;
  self->selected_event = -1;
  self->range_start = self->range_end = 0;
  for (guint i = 0; i < G_N_ELEMENTS (self->boxes); i++)
    self->boxes[i] = g_array_sized_new (FALSE, FALSE, sizeof (HpTimelineBox), 1024);

  self->style = hp_chart_style_new_light ();
  apply_style (self);

  self->idle_overlay = hp_timeline_painter_add_overlay (self, HP_TIMELINE_LAYER_UNDER, _hp_timeline_paint_idle, _hp_timeline_hit_idle, self, NULL);
  hp_timeline_painter_add_overlay (self, HP_TIMELINE_LAYER_OVER, _hp_timeline_paint_highlights, NULL, self, NULL);
  hp_timeline_painter_add_overlay (self, HP_TIMELINE_LAYER_DYNAMIC, _hp_timeline_paint_selection, NULL, self, NULL);

  return self;
}

void
hp_timeline_painter_free (HpTimelinePainter *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->overlays->len; i++)
    {
      HpTimelineOverlayEntry *o = &g_array_index (self->overlays, HpTimelineOverlayEntry, i);

      if (o->destroy != NULL)
        o->destroy (o->user_data);
    }
  g_array_unref (self->overlays);
  for (guint i = 0; i < G_N_ELEMENTS (self->boxes); i++)
    g_array_unref (self->boxes[i]);
  g_free (self->columns);
  g_free (self->mark_columns);
  g_free (self->scratch);
  g_clear_pointer (&self->mark_spans, g_array_unref);
  g_clear_pointer (&self->mark_bands, g_array_unref);
  g_clear_pointer (&self->range_lanes, g_array_unref);
  g_free (self->name_widths);
  for (guint i = 0; i < self->n_strings; i++)
    g_free (self->short_names[i]);
  g_free (self->short_names);
  g_clear_object (&self->pango);
  g_clear_pointer (&self->small_font, pango_font_description_free);
  g_clear_pointer (&self->header_font, pango_font_description_free);
  hp_chart_style_free (self->style);
  hp_timeline_frame_free (self->frame);
  hp_timeline_scene_unref ((HpTimelineScene *)self->scene);
  hp_trace_unref (self->trace);
  g_free (self);
}

/**
 * hp_timeline_painter_get_scene:
 *
 * Returns: (transfer none): the scene the painter paints, as it was given;
 *   the painter only reads it
 */
const HpTimelineScene *
hp_timeline_painter_get_scene (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->scene;
}

/**
 * hp_timeline_painter_get_frame:
 *
 * Returns: (transfer none): what the last hp_timeline_painter_paint() laid
 *   out for the scrolling lanes: marks, ruler, rows in view
 */
const HpTimelineFrame *
hp_timeline_painter_get_frame (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->frame;
}

/**
 * hp_timeline_painter_set_style:
 * @style: colours and fonts (copied)
 */
void
hp_timeline_painter_set_style (HpTimelinePainter  *self,
                               const HpChartStyle *style)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (style != NULL);

  if (hp_chart_style_equal (self->style, style))
    return;
  hp_chart_style_free (self->style);
  self->style = hp_chart_style_copy (style);
  apply_style (self);
}

/**
 * hp_timeline_painter_get_style:
 *
 * Returns: (transfer none): the style
 */
const HpChartStyle *
hp_timeline_painter_get_style (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->style;
}

/**
 * hp_timeline_painter_get_generation:
 *
 * Returns: a number that changes whenever the cached layers (everything
 *   but %HP_TIMELINE_LAYER_DYNAMIC) would paint differently for the same
 *   viewport: style, the scene's state, highlights, overlays
 */
guint
hp_timeline_painter_get_generation (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->generation + hp_timeline_scene_get_generation (self->scene);
}

/**
 * hp_timeline_painter_changed:
 *
 * Tells caches that an overlay's data changed.
 */
void
hp_timeline_painter_changed (HpTimelinePainter *self)
{
  g_return_if_fail (self != NULL);
  self->generation++;
}

/**
 * hp_timeline_painter_set_translation_domain:
 * @domain: (nullable): the gettext domain of the painted words and hit
 *   texts (the app's `GETTEXT_PACKAGE`), %NULL for English
 *
 * Sets the language of the words the painter writes itself: rank and lane
 * titles, counter names, the ruler's corner, the step band and the idle
 * gaps' tooltips. Names from the trace are never translated. A new painter
 * speaks English, as the CLI does.
 */
void
hp_timeline_painter_set_translation_domain (HpTimelinePainter *self,
                                            const char        *domain)
{
  const char *interned;

  g_return_if_fail (self != NULL);

  interned = g_intern_string (domain);
  if (interned == self->domain)
    return;
  self->domain = interned;
  self->generation++;
}

/**
 * hp_timeline_painter_get_translation_domain:
 *
 * Returns: (nullable): the gettext domain of the painted words, %NULL when
 *   they are English
 */
const char *
hp_timeline_painter_get_translation_domain (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->domain;
}

/**
 * hp_timeline_painter_dup_counter_title:
 * @rank_pos: a rank's position in the trace
 * @counter: one of its counter tracks
 *
 * Returns: (transfer full): the track's name as the gutter shows it, in
 *   the painter's language
 */
char *
hp_timeline_painter_dup_counter_title (HpTimelinePainter *self,
                                       guint              rank_pos,
                                       guint              counter)
{
  const HpSeries *c;

  g_return_val_if_fail (self != NULL, NULL);

  c = hp_timeline_scene_get_counter (self->scene, rank_pos, counter);
  g_return_val_if_fail (c != NULL, NULL);
  return hp_series_dup_title (c, self->domain);
}

/**
 * hp_timeline_painter_add_overlay:
 * @layer: where it paints
 * @paint: its paint function
 * @hit_test: (nullable): its hit test, for tooltips and clicks
 * @user_data: passed to both
 * @destroy: (nullable): frees @user_data with the overlay
 *
 * Adds an overlay, painted after the ones already in its layer.
 *
 * Returns: the overlay's id (never 0)
 */
guint
hp_timeline_painter_add_overlay (HpTimelinePainter         *self,
                                 HpTimelineLayer            layer,
                                 HpTimelineOverlayPaintFunc paint,
                                 HpTimelineOverlayHitFunc   hit_test,
                                 gpointer                   user_data,
                                 GDestroyNotify             destroy)
{
  HpTimelineOverlayEntry o = { self->next_overlay_id++, layer, paint, hit_test, user_data, destroy };

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (paint != NULL, 0);

  g_array_append_val (self->overlays, o);
  self->generation++;
  return o.id;
}

void
hp_timeline_painter_remove_overlay (HpTimelinePainter *self,
                                    guint              id)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < self->overlays->len; i++)
    {
      HpTimelineOverlayEntry o = g_array_index (self->overlays, HpTimelineOverlayEntry, i);

      if (o.id != id)
        continue;
      g_array_remove_index (self->overlays, i);
      if (o.destroy != NULL)
        o.destroy (o.user_data);
      self->generation++;
      return;
    }
}

/**
 * hp_timeline_painter_get_idle_overlay:
 *
 * Returns: the id of the built-in idle-gap overlay (its hits carry the
 *   #HpIdleCategory in `item`)
 */
guint
hp_timeline_painter_get_idle_overlay (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->idle_overlay;
}

static void
paint_layer (HpTimelinePainter      *self,
             cairo_t                *cr,
             const HpTimelineMapper *m,
             HpTimelineLayer         layer)
{
  for (guint i = 0; i < self->overlays->len; i++)
    {
      HpTimelineOverlayEntry *o = &g_array_index (self->overlays, HpTimelineOverlayEntry, i);

      if (o->layer != layer)
        continue;
      cairo_save (cr);
      _hp_timeline_clip_time_area (cr, m, TRUE);
      o->paint (m, cr, self->style, o->user_data);
      cairo_restore (cr);
    }
}

static HpTimelineViewport
sanitize (const HpTimelineViewport *viewport)
{
  HpTimelineViewport v = *viewport;

  if (!(v.scale > 0))
    v.scale = 1.0;
  v.scroll_y = round (MAX (v.scroll_y, 0) * v.scale) / v.scale;
  return v;
}

/* Clips to the picture but the band of pinned tracks (@band high, under
 * the ruler): what scrolls */
static void
clip_around_band (cairo_t                *cr,
                  const HpTimelineMapper *m,
                  double                  band)
{
  const HpTimelineViewport *v = &m->viewport;

  cairo_rectangle (cr, 0, 0, v->width, m->lanes_top);
  cairo_rectangle (cr, 0, m->lanes_top + band, v->width, MAX (v->height - m->lanes_top - band, 0));
  cairo_clip (cr);
}

/**
 * hp_timeline_painter_paint:
 * @cr: where to paint; user space in pixels, (0, 0) the top left corner
 * @viewport: what to show
 *
 * Lays out and paints everything but %HP_TIMELINE_LAYER_DYNAMIC: what a
 * view caches.
 */
void
hp_timeline_painter_paint (HpTimelinePainter        *self,
                           cairo_t                  *cr,
                           const HpTimelineViewport *viewport)
{
  HpTimelineViewport v;
  HpTimelineMapper   m;
  double             band;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (viewport != NULL && viewport->t1 > viewport->t0);

  v = sanitize (viewport);
  _hp_timeline_painter_ensure_pango (self, cr);
  band = hp_timeline_scene_get_pinned_band (self->scene, &v);

  /* the pinned tracks, as if not scrolled, in their band at the top */
  if (band > 0)
    {
      HpTimelineViewport pinned = v;

      pinned.scroll_y = 0;
      hp_timeline_frame_update (self->frame, self->scene, &pinned);
      hp_timeline_mapper_init (&m, self->scene, &pinned);
      cairo_save (cr);
      cairo_rectangle (cr, 0, m.lanes_top, v.width, band);
      cairo_clip (cr);
      _hp_timeline_painter_paint_backdrop (self, cr, &m);
      paint_layer (self, cr, &m, HP_TIMELINE_LAYER_UNDER);
      _hp_timeline_painter_paint_marks (self, cr, &m);
      _hp_timeline_painter_paint_counters (self, cr, &m);
      _hp_timeline_painter_paint_gutter (self, cr, &m);
      paint_layer (self, cr, &m, HP_TIMELINE_LAYER_OVER);
      cairo_restore (cr);
    }

  hp_timeline_frame_update (self->frame, self->scene, &v);
  hp_timeline_mapper_init (&m, self->scene, &v);

  cairo_save (cr);
  clip_around_band (cr, &m, band);

  _hp_timeline_painter_paint_backdrop (self, cr, &m);
  paint_layer (self, cr, &m, HP_TIMELINE_LAYER_UNDER);
  _hp_timeline_painter_paint_marks (self, cr, &m);
  _hp_timeline_painter_paint_counters (self, cr, &m);
  _hp_timeline_painter_paint_gutter (self, cr, &m);
  _hp_timeline_painter_paint_ruler (self, cr, &m);
  /* over the ruler too: overlays may mark times there */
  paint_layer (self, cr, &m, HP_TIMELINE_LAYER_OVER);
  cairo_restore (cr);

  /* the lanes scroll under the band's edge */
  if (band > 0)
    {
      cairo_rectangle (cr, 0, _hp_timeline_snap (m.lanes_top + band - 1 / v.scale, v.scale), v.width, 1 / v.scale);
      _hp_timeline_set_source (cr, &self->style->axis);
      cairo_fill (cr);
    }
}

/**
 * hp_timeline_painter_paint_dynamic:
 * @cr: where to paint, over the picture hp_timeline_painter_paint() made
 * @viewport: the same viewport
 *
 * Paints the %HP_TIMELINE_LAYER_DYNAMIC overlays: selection, flows,
 * range.
 */
void
hp_timeline_painter_paint_dynamic (HpTimelinePainter        *self,
                                   cairo_t                  *cr,
                                   const HpTimelineViewport *viewport)
{
  hp_timeline_painter_paint_dynamic_hover (self, cr, viewport, -1, -1);
}

/**
 * hp_timeline_painter_paint_dynamic_hover:
 * @cr: where to paint, over the picture hp_timeline_painter_paint() made
 * @viewport: the same viewport
 * @rank_pos: the position of the rank of the event under the pointer, or -1
 * @event: that event, or -1 for none
 *
 * As hp_timeline_painter_paint_dynamic(), and outlines the event under
 * the pointer. The painter keeps no hover of its own: a view passes the
 * hover it observes (the session's) on every frame.
 */
void
hp_timeline_painter_paint_dynamic_hover (HpTimelinePainter        *self,
                                         cairo_t                  *cr,
                                         const HpTimelineViewport *viewport,
                                         int                       rank_pos,
                                         gint64                    event)
{
  HpTimelineViewport v;
  HpTimelineMapper   m;
  double             band;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (viewport != NULL && viewport->t1 > viewport->t0);

  v = sanitize (viewport);
  _hp_timeline_painter_ensure_pango (self, cr);
  band = hp_timeline_scene_get_pinned_band (self->scene, &v);
  if (band > 0)
    {
      HpTimelineViewport pinned = v;

      pinned.scroll_y = 0;
      hp_timeline_mapper_init (&m, self->scene, &pinned);
      cairo_save (cr);
      cairo_rectangle (cr, 0, m.lanes_top, v.width, band);
      cairo_clip (cr);
      paint_layer (self, cr, &m, HP_TIMELINE_LAYER_DYNAMIC);
      cairo_restore (cr);
    }
  hp_timeline_mapper_init (&m, self->scene, &v);
  cairo_save (cr);
  clip_around_band (cr, &m, band);
  paint_layer (self, cr, &m, HP_TIMELINE_LAYER_DYNAMIC);
  _hp_timeline_paint_hover (self, &m, cr, rank_pos, event);
  cairo_restore (cr);
}

/**
 * hp_timeline_painter_hit_test:
 * @viewport: the picture
 * @x: a point
 * @y:
 * @hit: (out caller-allocates): what is there; clear it with
 *   hp_timeline_hit_clear()
 *
 * Asks the lanes, then the overlays from the top layer down.
 *
 * Returns: whether something is there
 */
gboolean
hp_timeline_painter_hit_test (HpTimelinePainter        *self,
                              const HpTimelineViewport *viewport,
                              double                    x,
                              double                    y,
                              HpTimelineHit            *hit)
{
  HpTimelineViewport v;
  HpTimelineMapper   m;
  gboolean           found;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (viewport != NULL && hit != NULL, FALSE);

  hp_timeline_scene_viewport_at (self->scene, viewport, y, &v);
  v = sanitize (&v);
  found = hp_timeline_scene_hit_test (self->scene, &v, x, y, hit);
  if (x < hp_timeline_scene_get_gutter_width (self->scene))
    return found;
  hp_timeline_mapper_init (&m, self->scene, &v);
  for (int layer = HP_TIMELINE_LAYER_DYNAMIC; layer >= HP_TIMELINE_LAYER_UNDER; layer--)
    for (guint i = self->overlays->len; i-- > 0;)
      {
        HpTimelineOverlayEntry *o = &g_array_index (self->overlays, HpTimelineOverlayEntry, i);

        if ((int)o->layer != layer || o->hit_test == NULL)
          continue;
        if (o->hit_test (&m, x, y, hit, o->user_data))
          {
            hit->kind = HP_TIMELINE_HIT_OVERLAY;
            hit->overlay = o->id;
            return TRUE;
          }
      }
  return found;
}
