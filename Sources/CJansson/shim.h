#ifndef HKBRIDGE_CJANSSON_SHIM_H
#define HKBRIDGE_CJANSSON_SHIM_H
#include <jansson.h>
#endif
