import { describeCrashSafety } from './support/crashRun'

describeCrashSafety('pglite')
