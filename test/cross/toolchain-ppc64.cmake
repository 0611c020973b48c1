# toolchain-ppc64.cmake - cross-build xprintf for big-endian ppc64 (ELFv1)
# and run its tests under qemu-user (test/cross/leg.sh ppc64).
set(CMAKE_SYSTEM_PROCESSOR ppc64)
set(XPRINTF_CROSS_TRIPLE powerpc64-linux-gnu)
set(XPRINTF_CROSS_QEMU qemu-ppc64)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain.cmake)
