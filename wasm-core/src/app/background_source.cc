#include "app/background_source.h"
