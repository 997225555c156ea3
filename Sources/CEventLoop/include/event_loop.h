#pragma once
int cevent_placeholder(void);
