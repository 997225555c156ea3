#include "event_loop.h"
