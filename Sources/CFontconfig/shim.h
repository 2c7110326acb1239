/* fontconfig (pkg-config fontconfig, Debian libfontconfig-dev): font lookup by name. */
#ifndef CELLLUA_CFONTCONFIG_H
#define CELLLUA_CFONTCONFIG_H

#include <fontconfig/fontconfig.h>

#endif
