# toolchain-ppc64.cmake - cross-build xprintf for big-endian ppc64 (ELFv1),
# run its tests under qemu-user.  Used by test/cross/ppc64.sh.
#
#   XPRINTF_CROSS_DEPS  prefix holding the cross-built zlib, elfutils, Check
#                       (cache variable, or the environment variable of that name)
#   XPRINTF_CROSS_LOCALES  directory of big-endian locales for the emulated
#                       glibc (LOCPATH inside the guest; optional)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ppc64)

set(XPRINTF_CROSS_TRIPLE powerpc64-linux-gnu)
set(CMAKE_C_COMPILER ${XPRINTF_CROSS_TRIPLE}-gcc)
set(XPRINTF_CROSS_LIBC /usr/${XPRINTF_CROSS_TRIPLE})

if(NOT XPRINTF_CROSS_DEPS AND DEFINED ENV{XPRINTF_CROSS_DEPS})
  set(XPRINTF_CROSS_DEPS "$ENV{XPRINTF_CROSS_DEPS}")
endif()
if(NOT XPRINTF_CROSS_LOCALES AND DEFINED ENV{XPRINTF_CROSS_LOCALES})
  set(XPRINTF_CROSS_LOCALES "$ENV{XPRINTF_CROSS_LOCALES}")
endif()
# try_compile projects re-read this file: hand the settings on.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES XPRINTF_CROSS_DEPS XPRINTF_CROSS_LOCALES)

set(CMAKE_FIND_ROOT_PATH ${XPRINTF_CROSS_LIBC} ${XPRINTF_CROSS_DEPS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# The linker finds indirect dependencies (libdw -> libz) there too.
if(XPRINTF_CROSS_DEPS)
  set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,-rpath-link,${XPRINTF_CROSS_DEPS}/lib")
  set(CMAKE_SHARED_LINKER_FLAGS_INIT "-Wl,-rpath-link,${XPRINTF_CROSS_DEPS}/lib")
endif()

# pkg-config sees only the cross-built libraries (their .pc files carry
# absolute prefixes, so no sysroot rewriting).
if(XPRINTF_CROSS_DEPS)
  set(ENV{PKG_CONFIG_LIBDIR} "${XPRINTF_CROSS_DEPS}/lib/pkgconfig")
  set(ENV{PKG_CONFIG_PATH} "")
endif()

# ctest runs every test program through qemu; -L lets the guest's loader
# find the cross glibc, LD_LIBRARY_PATH the dependencies (also the indirect
# ones such as libelf's libz, which a build RUNPATH does not cover).
set(XPRINTF_CROSS_EMULATOR qemu-ppc64 -L ${XPRINTF_CROSS_LIBC})
if(XPRINTF_CROSS_DEPS)
  list(APPEND XPRINTF_CROSS_EMULATOR -E LD_LIBRARY_PATH=${XPRINTF_CROSS_DEPS}/lib)
endif()
if(XPRINTF_CROSS_LOCALES)
  list(APPEND XPRINTF_CROSS_EMULATOR -E LOCPATH=${XPRINTF_CROSS_LOCALES})
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR ${XPRINTF_CROSS_EMULATOR})
