@echo off
rem vidlift-cli: Vidlift's command line, run by the app's own binary in --cli mode
rem (installed at <app>\resources\bin). The RunAsNode fuse is off, so this is the way in.
"%~dp0..\..\Vidlift.exe" --cli %*
exit /b %ERRORLEVEL%
