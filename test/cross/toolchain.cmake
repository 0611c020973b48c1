# toolchain.cmake - what every cross leg shares: included by
# toolchain-TARGET.cmake after it has set CMAKE_SYSTEM_PROCESSOR,
# XPRINTF_CROSS_TRIPLE (the GNU triple of the cross tools) and
# XPRINTF_CROSS_QEMU (the qemu-user program).  Used by test/cross/leg.sh.
#
#   XPRINTF_CROSS_DEPS  prefix holding the cross-built zlib, liblzma, elfutils,
#                       Check and libiberty
#                       (cache variable, or the environment variable of that name)
#   XPRINTF_CROSS_LOCALES  directory of locales in the target's byte order for
#                       the emulated glibc (LOCPATH inside the guest; optional)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${XPRINTF_CROSS_TRIPLE}-gcc)
# The C++ inline-test fixture (leg.sh installs the cross g++).
set(CMAKE_CXX_COMPILER ${XPRINTF_CROSS_TRIPLE}-g++)
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
set(XPRINTF_CROSS_EMULATOR ${XPRINTF_CROSS_QEMU} -L ${XPRINTF_CROSS_LIBC})
if(XPRINTF_CROSS_DEPS)
  list(APPEND XPRINTF_CROSS_EMULATOR -E LD_LIBRARY_PATH=${XPRINTF_CROSS_DEPS}/lib)
endif()
if(XPRINTF_CROSS_LOCALES)
  list(APPEND XPRINTF_CROSS_EMULATOR -E LOCPATH=${XPRINTF_CROSS_LOCALES})
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR ${XPRINTF_CROSS_EMULATOR})
