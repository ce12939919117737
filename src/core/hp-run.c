/* hp-run.c — one loaded run: a trace, how it was loaded, its label and colour.
 *
 * A run is what a window holds and a comparison lines up: the immutable
 * trace, the paths and options it was loaded with (so it can be loaded
 * again, in another mode, or recognised when the same folder is opened
 * twice), and how people tell it apart from other runs: a label (the folder
 * name by default, "baseline", "DDP", "FSDP") and a colour that every chart
 * and timeline of a comparison uses for it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-run.h"

struct _HpRun
{
  GObject parent_instance;

  HpTrace *trace;
  char   **paths;
  char    *label;
  char    *color;
};

enum
{
  PROP_0,
  PROP_TRACE,
  PROP_LABEL,
  PROP_COLOR,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpRun, hp_run, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

/* Eight colours that stay apart for the common kinds of colour blindness
 * (Okabe and Ito's palette), in the order runs get them. */
static const char *const palette[] = {
  "#0072b2",
  "#e69f00",
  "#009e73",
  "#cc79a7",
  "#56b4e9",
  "#d55e00",
  "#f0e442",
  "#000000",
};

/**
 * hp_run_palette_color:
 * @index: the run's position in a comparison, from 0
 *
 * Returns: the colour of the @index-th run, as `#rrggbb`; the palette
 *   repeats after eight runs
 */
const char *
hp_run_palette_color (guint index)
{
  return palette[index % G_N_ELEMENTS (palette)];
}

/**
 * hp_run_default_label:
 * @paths: what the run was loaded from
 *
 * Returns: (transfer full): the name of the folder or file; for several
 *   files, the name of their folder
 */
char *
hp_run_default_label (const char *const *paths)
{
  g_autofree char *dir = NULL;

  if (paths == NULL || paths[0] == NULL)
    return g_strdup ("run");
  if (paths[1] == NULL)
    {
      g_autofree char *copy = g_strdup (paths[0]);
      gsize            len = strlen (copy);

      /* "runs/ddp/" is "ddp" */
      while (len > 1 && copy[len - 1] == G_DIR_SEPARATOR)
        copy[--len] = '\0';
      return g_path_get_basename (copy);
    }
  dir = g_path_get_dirname (paths[0]);
  return g_path_get_basename (dir);
}

static void
hp_run_finalize (GObject *object)
{
  HpRun *self = HP_RUN (object);

  g_clear_pointer (&self->trace, hp_trace_unref);
  g_clear_pointer (&self->paths, g_strfreev);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->color, g_free);

  G_OBJECT_CLASS (hp_run_parent_class)->finalize (object);
}

static void
hp_run_get_property (GObject    *object,
                     guint       prop_id,
                     GValue     *value,
                     GParamSpec *pspec)
{
  HpRun *self = HP_RUN (object);

  switch (prop_id)
    {
    case PROP_TRACE:
      g_value_set_boxed (value, self->trace);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_COLOR:
      g_value_set_string (value, self->color);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_run_set_property (GObject      *object,
                     guint         prop_id,
                     const GValue *value,
                     GParamSpec   *pspec)
{
  HpRun *self = HP_RUN (object);

  switch (prop_id)
    {
    case PROP_TRACE:
      self->trace = g_value_dup_boxed (value);
      break;
    case PROP_LABEL:
      hp_run_set_label (self, g_value_get_string (value));
      break;
    case PROP_COLOR:
      hp_run_set_color (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_run_class_init (HpRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hp_run_finalize;
  object_class->get_property = hp_run_get_property;
  object_class->set_property = hp_run_set_property;

  properties[PROP_TRACE] = g_param_spec_boxed ("trace", NULL, NULL, HP_TYPE_TRACE,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * HpRun:label:
   *
   * How people tell the run apart: the folder's name unless set.
   */
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpRun:color:
   *
   * The run's colour in comparisons, `#rrggbb`.
   */
  properties[PROP_COLOR] = g_param_spec_string ("color", NULL, NULL, NULL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hp_run_init (HpRun *self)
{
}

/**
 * hp_run_new:
 * @trace: the loaded trace
 * @paths: (nullable): what it was loaded from
 * @label: (nullable): its label, or %NULL for hp_run_default_label()
 * @index: its position among the runs a window or comparison holds, which
 *   picks its colour
 *
 * Returns: (transfer full): the run
 */
HpRun *
hp_run_new (HpTrace           *trace,
            const char *const *paths,
            const char        *label,
            guint              index)
{
  HpRun *self;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_object_new (HP_TYPE_RUN, "trace", trace, NULL);
  self->paths = g_strdupv ((char **)paths);
  self->label = label != NULL ? g_strdup (label) : hp_run_default_label (paths);
  self->color = g_strdup (hp_run_palette_color (index));
  return self;
}

HpTrace *
hp_run_get_trace (HpRun *self)
{
  g_return_val_if_fail (HP_IS_RUN (self), NULL);
  return self->trace;
}

/**
 * hp_run_get_paths:
 *
 * Returns: (transfer none) (nullable): the files or folder it was loaded from
 */
const char *const *
hp_run_get_paths (HpRun *self)
{
  g_return_val_if_fail (HP_IS_RUN (self), NULL);
  return (const char *const *)self->paths;
}

const char *
hp_run_get_label (HpRun *self)
{
  g_return_val_if_fail (HP_IS_RUN (self), NULL);
  return self->label;
}

void
hp_run_set_label (HpRun      *self,
                  const char *label)
{
  g_return_if_fail (HP_IS_RUN (self));

  if (label == NULL || *label == '\0' || g_strcmp0 (label, self->label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

const char *
hp_run_get_color (HpRun *self)
{
  g_return_val_if_fail (HP_IS_RUN (self), NULL);
  return self->color;
}

void
hp_run_set_color (HpRun      *self,
                  const char *color)
{
  g_return_if_fail (HP_IS_RUN (self));

  if (color == NULL || g_strcmp0 (color, self->color) == 0)
    return;
  g_free (self->color);
  self->color = g_strdup (color);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR]);
}

HpMode
hp_run_get_mode (HpRun *self)
{
  g_return_val_if_fail (HP_IS_RUN (self), HP_MODE_DEFAULT);
  return hp_trace_get_mode (self->trace);
}

gboolean
hp_run_get_include_last_step (HpRun *self)
{
  g_return_val_if_fail (HP_IS_RUN (self), FALSE);
  return hp_trace_get_include_last_step (self->trace);
}

/**
 * hp_run_get_load_options:
 * @options: (out caller-allocates): receives the options the run was
 *   loaded with (no progress callback)
 */
void
hp_run_get_load_options (HpRun         *self,
                         HpLoadOptions *options)
{
  g_return_if_fail (HP_IS_RUN (self));
  g_return_if_fail (options != NULL);

  *options = (HpLoadOptions){ 0 };
  options->mode = hp_trace_get_mode (self->trace);
  options->include_last_step = hp_trace_get_include_last_step (self->trace);
  options->comm_patterns = hp_trace_get_comm_patterns (self->trace);
}

/**
 * hp_run_has_paths:
 *
 * Returns: whether the run was loaded from exactly @paths (the same folder
 *   opened again), compared as canonical paths
 */
gboolean
hp_run_has_paths (HpRun             *self,
                  const char *const *paths)
{
  guint n;

  g_return_val_if_fail (HP_IS_RUN (self), FALSE);

  n = self->paths != NULL ? g_strv_length (self->paths) : 0;
  if (paths == NULL || n != g_strv_length ((char **)paths))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *a = g_canonicalize_filename (self->paths[i], NULL);
      g_autofree char *b = g_canonicalize_filename (paths[i], NULL);

      if (strcmp (a, b) != 0)
        return FALSE;
    }
  return TRUE;
}
