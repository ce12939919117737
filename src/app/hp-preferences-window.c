/* hp-preferences-window.c — the preferences and about windows (libadwaita).
 *
 * The preferences edit the GSettings keys directly (g_settings_bind): the
 * loading rules apply to every open window at once (each reloads), the
 * analysis parameters are the defaults of the next folder opened; the tabs'
 * own controls change the open folder's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-preferences-window.h"

static AdwPreferencesGroup *
add_group (AdwPreferencesPage *page,
           const char         *title,
           const char         *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_group_set_title (group, title);
  if (description != NULL)
    adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (page, group);
  return group;
}

/* a row with a switch bound to the boolean @key */
static void
add_switch (AdwPreferencesGroup *group,
            GSettings           *settings,
            const char          *key,
            const char          *title,
            const char          *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  gtk_widget_set_name (row, key);
  g_settings_bind (settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (group, row);
}

/* a row with a text entry bound to the string @key */
static void
add_entry (AdwPreferencesGroup *group,
           GSettings           *settings,
           const char          *key,
           const char          *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_name (row, key);
  g_settings_bind (settings, key, row, "text", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (group, row);
}

/* a row with a spin button bound to the number @key, within its range */
static void
add_number (AdwPreferencesGroup *group,
            GSettings           *settings,
            const char          *key,
            const char          *title,
            const char          *subtitle,
            double               step,
            guint                digits)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsSchemaKey) schema_key = NULL;
  g_autoptr (GVariant) range = NULL;
  g_autoptr (GVariant) limits = NULL;
  GtkWidget  *row = adw_action_row_new ();
  GtkWidget  *spin;
  const char *kind;
  double      lower = 0, upper = G_MAXINT;

  g_object_get (settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", &kind, &limits);
  if (g_str_equal (kind, "range"))
    {
      if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(ii)")))
        {
          int lo, hi;

          g_variant_get (limits, "(ii)", &lo, &hi);
          lower = lo;
          upper = hi;
        }
      else if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(dd)")))
        g_variant_get (limits, "(dd)", &lower, &upper);
    }

  spin = gtk_spin_button_new_with_range (lower, upper, step);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_widget_set_name (row, key);
  g_settings_bind (settings, key, spin, "value", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (group, row);
}

/**
 * hp_preferences_window_new:
 * @parent: (nullable): the window it belongs to
 * @settings: the app's settings (hp_settings_new())
 *
 * Returns: (transfer floating): a preferences window, not shown yet
 */
GtkWindow *
hp_preferences_window_new (GtkWindow *parent,
                           GSettings *settings)
{
  AdwPreferencesWindow *window = ADW_PREFERENCES_WINDOW (adw_preferences_window_new ());
  AdwPreferencesPage   *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup  *group;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  gtk_window_set_title (GTK_WINDOW (window), _ ("Preferences"));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 720);
  adw_preferences_page_set_title (page, _ ("Analyses"));
  adw_preferences_page_set_icon_name (page, "preferences-system-symbolic");

  group = add_group (page, _ ("Loading"), _ ("Open folders load again with the new rules."));
  add_switch (group, settings, "hta-compat", _ ("HTA Compatibility Mode"),
              _ ("Reproduce Holistic Trace Analysis' numbers exactly, its known quirks included"));
  add_switch (group, settings, "include-last-step", _ ("Include the Last Iteration"),
              _ ("Keep the last ProfilerStep, which HTA drops as often incomplete"));
  add_entry (group, settings, "comm-patterns", _ ("Communication Pattern File"));

  group = add_group (page, _ ("Analysis Defaults"),
                     _ ("Used by the next folder opened; each tab changes them for the folder it shows."));
  add_number (group, settings, "num-kernels", _ ("Kernels per Type"),
              _ ("Kernel breakdown: kernels listed by name per type (num_kernels)"), 1, 0);
  add_number (group, settings, "duration-ratio", _ ("Duration Ratio"),
              _ ("Kernel breakdown: share of kernel time listed by name (duration_ratio)"), 0.05, 2);
  add_number (group, settings, "consecutive-kernel-delay", _ ("Consecutive Kernel Delay (µs)"),
              _ ("Idle time: shorter gaps between kernels are kernel wait (consecutive_kernel_delay)"), 1, 0);
  add_number (group, settings, "runtime-cutoff", _ ("Runtime Cutoff (µs)"),
              _ ("Launch statistics: longer launch calls are runtime outliers (runtime_cutoff)"), 1, 0);
  add_number (group, settings, "launch-delay-cutoff", _ ("Launch Delay Cutoff (µs)"),
              _ ("Launch statistics: longer launch delays are outliers (launch_delay_cutoff)"), 1, 0);

  adw_preferences_window_add (window, page);
  return GTK_WINDOW (window);
}

/**
 * hp_about_window_new:
 * @parent: (nullable): the window it belongs to
 *
 * Returns: (transfer floating): the about window, not shown yet
 */
GtkWindow *
hp_about_window_new (GtkWindow *parent)
{
  const char *developers[] = { _ ("The Hotpath developers"), NULL };
  GtkWidget  *about = adw_about_window_new ();

  g_object_set (about,
                "transient-for", parent,
                "modal", TRUE,
                "application-name", _ ("Hotpath"),
                "application-icon", APPLICATION_ID,
                "version", PACKAGE_VERSION,
                "developer-name", _ ("The Hotpath developers"),
                "developers", developers,
                "comments", _ ("Find the bottlenecks in PyTorch profiler traces"),
                "website", "https://github.com/hotpath/hotpath",
                "issue-url", "https://github.com/hotpath/hotpath/issues",
                "license-type", GTK_LICENSE_GPL_3_0,
                /* Translators: your names, one per line */
                "translator-credits", _ ("translator-credits"),
                NULL);
  return GTK_WINDOW (about);
}
