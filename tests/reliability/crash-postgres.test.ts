import { describeCrashSafety } from './support/crashRun'

describeCrashSafety('postgres')
