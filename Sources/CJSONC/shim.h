#ifndef CJSONC_SHIM_H
#define CJSONC_SHIM_H
#include <json-c/json.h>
#endif
