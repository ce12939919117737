/* main.c — starts the Hotpath application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-application.h"
#ifdef HP_TEST_HOOKS
#include "hp-test-hooks.h"
#endif

int
main (int   argc,
      char *argv[])
{
  g_autoptr (HpApplication) app = NULL;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = hp_application_new ();
#ifdef HP_TEST_HOOKS
  /* -Dtest_hooks=true: the screenshot script and the start-up benchmark */
  hp_test_hooks_install (app);
#endif
  return g_application_run (G_APPLICATION (app), argc, argv);
}
