/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-application.h: the application: its actions and windows. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NONET_TYPE_APPLICATION (nonet_application_get_type ())

G_DECLARE_FINAL_TYPE (NonetApplication, nonet_application, NONET, APPLICATION, AdwApplication)

NonetApplication *nonet_application_new (const char        *application_id,
                                         GApplicationFlags  flags);

G_END_DECLS
