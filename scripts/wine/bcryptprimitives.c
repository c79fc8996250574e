/* Tests only, never shipped: Wine 8.0 (Debian 12) has no
 * bcryptprimitives.dll, whose ProcessPrng Rust's std calls on Windows 10
 * and newer (every Windows impia supports has it). This stand-in gives
 * ProcessPrng from RtlGenRandom so the Windows build runs under that Wine;
 * scripts/check-windows builds it with MinGW into the Wine prefix. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n))
            return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
