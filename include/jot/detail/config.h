// jot/detail/config.h - compiler attributes. Not API.
#pragma once

// Marks a parameter (or, after a member function's qualifiers, *this) that the
// returned value borrows from, so that clang warns when that value outlives a
// temporary argument. Other compilers ignore the annotation.
#if defined(__clang__) && defined(__has_cpp_attribute)
#if __has_cpp_attribute(clang::lifetimebound)
#define JOT_LIFETIMEBOUND [[clang::lifetimebound]]
#endif
#endif
#ifndef JOT_LIFETIMEBOUND
#define JOT_LIFETIMEBOUND
#endif
