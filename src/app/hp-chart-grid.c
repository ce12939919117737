/* hp-chart-grid.c — charts in rows of two when there is room, one when not.
 *
 * A panel's charts flow in reading order: two side by side once each can
 * be at least COLUMN_MIN_WIDTH wide, one per row below that. A wide child
 * (a grid of per-rank pies with a long legend) takes a row of its own.
 * The charts of a row share its height, the tallest one's, so the cards
 * line up. A chart alone in the grid takes the whole width rather than
 * sitting next to a hole. Hidden children take no room, which is how the
 * rank selector filters charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-chart-grid.h"

#define COLUMN_MIN_WIDTH 440
#define SPACING 18
/* the widest size GTK measures for (its MAX_ALLOWED_SIZE) */
#define WIDEST (1 << 20)

struct _HpChartGrid
{
  GtkWidget parent_instance;

  guint n_columns; /* of the last allocation */
};

G_DEFINE_FINAL_TYPE (HpChartGrid, hp_chart_grid, GTK_TYPE_WIDGET)

static GQuark wide_quark;

static gboolean
is_wide (GtkWidget *child)
{
  return GPOINTER_TO_INT (g_object_get_qdata (G_OBJECT (child), wide_quark));
}

static guint
n_shown (HpChartGrid *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      n++;
  return n;
}

static guint
columns_for_width (HpChartGrid *self,
                   int          width)
{
  return width >= 2 * COLUMN_MIN_WIDTH + SPACING && n_shown (self) > 1 ? 2 : 1;
}

/* Lays the children out for @width: calls @place (when not NULL) for each
 * child with its box, and returns the total height */
static int
flow (HpChartGrid *self,
      int          width,
      void (*place) (GtkWidget *child, int x, int y, int w, int h))
{
  guint      n_columns = columns_for_width (self, width);
  int        column_width = (width - SPACING * ((int)n_columns - 1)) / (int)n_columns;
  GtkWidget *row[2];
  guint      n_in_row = 0;
  int        y = 0;
  gboolean   any = FALSE;
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));

  for (;;)
    {
      gboolean end = child == NULL;
      gboolean wide = !end && is_wide (child);

      if (!end && !gtk_widget_should_layout (child))
        {
          child = gtk_widget_get_next_sibling (child);
          continue;
        }

      /* close the row when it is full, or before a wide child, or at the end */
      if (n_in_row > 0 && (end || wide || n_in_row == n_columns))
        {
          int row_height = 0;

          for (guint i = 0; i < n_in_row; i++)
            {
              int nat;

              gtk_widget_measure (row[i], GTK_ORIENTATION_VERTICAL, column_width, NULL, &nat, NULL, NULL);
              row_height = MAX (row_height, nat);
            }
          if (any)
            y += SPACING;
          for (guint i = 0; place != NULL && i < n_in_row; i++)
            place (row[i], (int)i * (column_width + SPACING), y, column_width, row_height);
          y += row_height;
          any = TRUE;
          n_in_row = 0;
        }
      if (end)
        break;

      if (wide)
        {
          int nat;

          gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &nat, NULL, NULL);
          if (any)
            y += SPACING;
          if (place != NULL)
            place (child, 0, y, width, nat);
          y += nat;
          any = TRUE;
        }
      else
        row[n_in_row++] = child;
      child = gtk_widget_get_next_sibling (child);
    }
  return y;
}

static void
place_child (GtkWidget *child,
             int        x,
             int        y,
             int        width,
             int        height)
{
  gtk_widget_size_allocate (child, &(GtkAllocation){ x, y, width, height }, -1);
}

static GtkSizeRequestMode
hp_chart_grid_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
hp_chart_grid_measure (GtkWidget     *widget,
                       GtkOrientation orientation,
                       int            for_size,
                       int           *minimum,
                       int           *natural,
                       int           *minimum_baseline,
                       int           *natural_baseline)
{
  HpChartGrid *self = HP_CHART_GRID (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int min = 0, nat = 0;

      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_min, child_nat;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
          min = MAX (min, child_min);
          nat = MAX (nat, child_nat);
        }
      *minimum = min;
      *natural = MAX (min, 2 * nat + SPACING);
    }
  else
    {
      if (for_size >= 0)
        *minimum = *natural = flow (self, for_size, NULL);
      else
        {
          int width;

          /* Free of a width, the height at the natural width, or at the
           * widest GTK ever asks for if more: the charts grow with their
           * width up to a cap, and a box that fits its children into a
           * height measures them at that width and checks that none asks
           * for more than this ("Expect overlapping widgets") */
          gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
          *minimum = *natural = MAX (flow (self, width, NULL), flow (self, WIDEST, NULL));
        }
    }
}

static void
hp_chart_grid_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  HpChartGrid *self = HP_CHART_GRID (widget);

  self->n_columns = columns_for_width (self, width);
  flow (self, width, place_child);
}

static void
hp_chart_grid_dispose (GObject *object)
{
  hp_chart_grid_remove_all (HP_CHART_GRID (object));

  G_OBJECT_CLASS (hp_chart_grid_parent_class)->dispose (object);
}

static void
hp_chart_grid_class_init (HpChartGridClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_chart_grid_dispose;

  widget_class->get_request_mode = hp_chart_grid_get_request_mode;
  widget_class->measure = hp_chart_grid_measure;
  widget_class->size_allocate = hp_chart_grid_size_allocate;

  gtk_widget_class_set_css_name (widget_class, "hpchartgrid");

  wide_quark = g_quark_from_static_string ("hp-chart-grid-wide");
}

static void
hp_chart_grid_init (HpChartGrid *self)
{
  self->n_columns = 1;
}

GtkWidget *
hp_chart_grid_new (void)
{
  return g_object_new (HP_TYPE_CHART_GRID, NULL);
}

/**
 * hp_chart_grid_append:
 * @child: a chart, usually an HpChartView
 * @wide: whether @child takes a whole row
 */
void
hp_chart_grid_append (HpChartGrid *self,
                      GtkWidget   *child,
                      gboolean     wide)
{
  g_return_if_fail (HP_IS_CHART_GRID (self));
  g_return_if_fail (GTK_IS_WIDGET (child));
  g_return_if_fail (gtk_widget_get_parent (child) == NULL);

  g_object_set_qdata (G_OBJECT (child), wide_quark, GINT_TO_POINTER (!!wide));
  gtk_widget_set_parent (child, GTK_WIDGET (self));
}

void
hp_chart_grid_remove_all (HpChartGrid *self)
{
  GtkWidget *child;

  g_return_if_fail (HP_IS_CHART_GRID (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
}

/**
 * hp_chart_grid_get_n_columns:
 *
 * Returns: how many charts sit side by side at the current width
 */
guint
hp_chart_grid_get_n_columns (HpChartGrid *self)
{
  g_return_val_if_fail (HP_IS_CHART_GRID (self), 1);
  return self->n_columns;
}
