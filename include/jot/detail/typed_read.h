// jot/detail/typed_read.h - placeholder, filled in by the typed mapping work. Not API.
#pragma once
