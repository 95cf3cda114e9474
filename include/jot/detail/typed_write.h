// jot/detail/typed_write.h - placeholder, filled in by the typed mapping work. Not API.
#pragma once
